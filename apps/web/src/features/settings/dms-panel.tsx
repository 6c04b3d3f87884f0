import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DmsSettingsInput, type GroupDms } from '@forecourt/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeSecondsFormat } from '../../i18n/date-format';
import { fetchGroupDms, saveGroupDms, settingsErrorKey, testGroupDms } from './settings-api';
import { settingsKeys } from './settings-keys';

type Driver = GroupDms['driver'];

/** A group's DMS: the default, the export folder or a webhook; a real test delivery; the last deliveries. */
export function DmsPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const dms = useQuery({ queryKey: settingsKeys.dms(groupId), queryFn: () => fetchGroupDms(groupId) });
  if (dms.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (dms.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  return <DmsForm key={`${dms.data.driver}-${dms.data.url ?? ''}`} groupId={groupId} dms={dms.data} />;
}

function DmsForm({ groupId, dms }: { groupId: string; dms: GroupDms }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [driver, setDriver] = useState<Driver>(dms.driver);
  const [url, setUrl] = useState(dms.url ?? '');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.dms(groupId) });

  const save = useMutation({
    mutationFn: (input: DmsSettingsInput) => saveGroupDms(groupId, input),
    onSuccess: async () => {
      setSecret('');
      snackbar.show('settings.dms.saved', 'success');
      await refresh();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });
  const test = useMutation({
    mutationFn: () => testGroupDms(groupId),
    onSuccess: async (d) => {
      snackbar.show(
        d.status === 'OK' ? 'settings.dms.testOk' : 'settings.dms.testFailed',
        d.status === 'OK' ? 'success' : 'error',
      );
      await refresh();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = driver === 'webhook' ? { driver, url, ...(secret ? { secret } : {}) } : { driver };
    const parsed = DmsSettingsInput.safeParse(input);
    const missingSecret = driver === 'webhook' && !secret && !dms.hasSecret;
    const issues = new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')));
    if (missingSecret) issues.add('secret');
    setErrors(issues);
    if (parsed.success && !missingSecret) save.mutate(parsed.data);
  };
  const date = (iso: string) => dayjs(iso).format(dateTimeSecondsFormat(i18n.language));

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
        <FormControl>
          <FormLabel id="dms-driver">{t('settings.dms.driver')}</FormLabel>
          <RadioGroup aria-labelledby="dms-driver" value={driver} onChange={(e) => setDriver(e.target.value as Driver)}>
            <FormControlLabel value="default" control={<Radio />} label={t('settings.dms.default')} />
            <FormControlLabel value="folder" control={<Radio />} label={t('settings.dms.folder')} />
            <FormControlLabel value="webhook" control={<Radio />} label={t('settings.dms.webhook')} />
          </RadioGroup>
        </FormControl>
        {driver === 'webhook' && (
          <>
            <TextField
              label={t('settings.dms.url')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://dms.example.com/forecourt"
              error={errors.has('url')}
              helperText={errors.has('url') ? t('settings.errors.url') : undefined}
              slotProps={{ htmlInput: { inputMode: 'url' } }}
            />
            <TextField
              type="password"
              autoComplete="new-password"
              label={t('settings.dms.secret')}
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              error={errors.has('secret')}
              helperText={
                errors.has('secret')
                  ? t('settings.errors.secret')
                  : t(dms.hasSecret ? 'settings.dms.secretKept' : 'settings.dms.secretHelp')
              }
            />
          </>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="dms-target">
          {t('settings.dms.current', { driver: t(`settings.dms.${dms.effectiveDriver}`), target: dms.target })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
          <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending}>
            {t('settings.dms.test')}
          </Button>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="dms-deliveries">
        <Typography component="h3" variant="subtitle1" id="dms-deliveries" sx={{ mb: 1 }}>
          {t('settings.dms.deliveries')}
        </Typography>
        {dms.deliveries.length === 0 && <Alert severity="info">{t('settings.dms.noDeliveries')}</Alert>}
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          data-testid="dms-deliveries"
        >
          {dms.deliveries.map((d) => (
            <Paper
              component="li"
              variant="outlined"
              key={d.id}
              sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
              data-status={d.status}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  color={d.status === 'OK' ? 'success' : 'error'}
                  label={t(`settings.dms.status.${d.status}`)}
                />
                <Typography variant="body2">{t(`settings.dms.kind.${d.kind}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {date(d.createdAt)} · {t('settings.dms.duration', { ms: d.durationMs })}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {d.target}
              </Typography>
              {d.error && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {d.error}
                </Typography>
              )}
            </Paper>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
