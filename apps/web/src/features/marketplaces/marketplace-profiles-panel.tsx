import {
  MarketplaceProfileUpdate,
  PICTURE_ANGLES,
  type MarketplaceProfile,
  type MarketplaceRules,
  type PictureAngle,
} from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSnackbar } from '../../components/snackbar';
import { copyProfile, deleteProfile, fetchProfiles, profileKeys, saveProfile } from './marketplaces-api';
import { NUMBER_RULES, profileFieldErrors, type FieldError, type NumberRule } from './profile-field-errors';
import { unusedName } from './unused-name';
import { readDay, regionName } from './region-name';

/** Settings: the marketplace profiles of a group: the built-in ones (read-only, with their sources) and its copies. */
export function MarketplaceProfilesPanel({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const profiles = useQuery({ queryKey: profileKeys.list(groupId), queryFn: () => fetchProfiles(groupId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.list(groupId) });
  const copy = useMutation({
    mutationFn: (p: MarketplaceProfile) =>
      copyProfile(groupId, {
        baseId: p.id,
        name: unusedName(
          t('marketplaces.settings.copyName', { name: p.name }),
          (profiles.data ?? []).map((q) => q.name),
        ),
      }),
    onSuccess: async () => {
      snackbar.show('marketplaces.settings.copied', 'success');
      await refresh();
    },
    onError: () => snackbar.show('marketplaces.settings.error'),
  });
  if (profiles.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (profiles.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  return (
    <Stack spacing={2} data-testid="marketplace-profiles">
      <Typography variant="body2">{t('marketplaces.settings.intro')}</Typography>
      {profiles.data.map((p) => (
        <Paper key={p.id} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`mp-${p.id}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
            <Typography id={`mp-${p.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {p.name}
            </Typography>
            <Chip
              size="small"
              label={p.groupId ? t('marketplaces.settings.groupCopy') : t('marketplaces.settings.builtIn')}
            />
            {!p.groupId && (
              <Button
                size="small"
                disabled={copy.isPending}
                aria-label={t('marketplaces.settings.copyOf', { name: p.name })}
                onClick={() => copy.mutate(p)}
              >
                {t('marketplaces.settings.copy')}
              </Button>
            )}
          </Stack>
          {p.sources.length ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {p.sources.map((s) => (
                <Typography component="li" variant="body2" key={s.url}>
                  <Link
                    href={s.url}
                    target="_blank"
                    rel="noreferrer"
                    title={s.says}
                    sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24, my: 0.25 }}
                  >
                    {s.country
                      ? t('marketplaces.settings.sourceCountry', {
                          host: new URL(s.url).hostname,
                          country: regionName(s.country, i18n.language),
                        })
                      : t('marketplaces.settings.source', { host: new URL(s.url).hostname })}
                  </Link>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {s.rules.length
                      ? t('marketplaces.settings.sourceRules', {
                          rules: s.rules.map((r) => t(`marketplaces.settings.rules.${r}`)).join(', '),
                          date: readDay(s.read),
                        })
                      : t('marketplaces.settings.sourceContext', { date: readDay(s.read) })}
                  </Typography>
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2">{t('marketplaces.settings.noSources')}</Typography>
          )}
          {p.notPublic.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('marketplaces.settings.notPublic', {
                rules: p.notPublic.map((r) => t(`marketplaces.settings.rules.${r}`)).join(', '),
              })}
            </Typography>
          ) : null}
          {p.groupId && <ProfileForm key={p.updatedAt} groupId={groupId} profile={p} onDone={refresh} />}
        </Paper>
      ))}
    </Stack>
  );
}

const toText = (v: number | null) => (v === null ? '' : String(v));
const triState = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');
const fromTriState = (v: string) => (v === '' ? null : v === 'yes');

function ProfileForm({
  groupId,
  profile,
  onDone,
}: {
  groupId: string;
  profile: MarketplaceProfile;
  onDone: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [name, setName] = useState(profile.name);
  const [lead, setLead] = useState<string>(profile.rules.lead ?? '');
  const [order, setOrder] = useState<PictureAngle[]>(profile.rules.order);
  const [numbers, setNumbers] = useState<Record<NumberRule, string>>(
    Object.fromEntries(NUMBER_RULES.map((k) => [k, toText(profile.rules[k])])) as Record<NumberRule, string>,
  );
  const [plate, setPlate] = useState(triState(profile.rules.plateCovered));
  const [stamp, setStamp] = useState(triState(profile.rules.stampAllowed));
  const [errors, setErrors] = useState<Map<string, FieldError>>(new Map());
  const [deleting, setDeleting] = useState(false);
  const id = (k: string) => `mp-${profile.id}-${k}`;
  const message = (field: string) => {
    const error = errors.get(field);
    const number = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString(i18n.language));
    return error && t(error.key, { min: number(error.values?.min), max: number(error.values?.max) });
  };

  const save = useMutation({
    mutationFn: (input: MarketplaceProfileUpdate) => saveProfile(groupId, profile.id, input),
    onSuccess: async () => {
      snackbar.show('marketplaces.settings.saved', 'success');
      await onDone();
    },
    onError: () => snackbar.show('marketplaces.settings.error'),
  });
  const remove = useMutation({
    mutationFn: () => deleteProfile(groupId, profile.id),
    onSuccess: async () => {
      setDeleting(false);
      snackbar.show('marketplaces.settings.deleted', 'success');
      await onDone();
    },
    onError: () => snackbar.show('marketplaces.settings.error'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const num = (k: NumberRule) => (numbers[k].trim() === '' ? null : Number(numbers[k].replace(',', '.')));
    const rules: MarketplaceRules = {
      lead: (lead || null) as PictureAngle | null,
      order: PICTURE_ANGLES.filter((a) => order.includes(a)),
      ...(Object.fromEntries(NUMBER_RULES.map((k) => [k, num(k)])) as Record<NumberRule, number | null>),
      plateCovered: fromTriState(plate),
      stampAllowed: fromTriState(stamp),
    };
    const parsed = MarketplaceProfileUpdate.safeParse({ name, rules });
    setErrors(profileFieldErrors(parsed.success ? [] : parsed.error.issues));
    if (parsed.success) save.mutate(parsed.data);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <TextField
        id={id('name')}
        label={t('marketplaces.settings.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.has('name')}
        helperText={message('name') ?? ' '}
        required
      />
      <TextField
        id={id('lead')}
        select
        label={t('marketplaces.settings.rules.lead')}
        value={lead}
        onChange={(e) => setLead(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('marketplaces.settings.noRule')}</option>
        {PICTURE_ANGLES.map((a) => (
          <option key={a} value={a}>
            {t(`marketplaces.angles.${a}`)}
          </option>
        ))}
      </TextField>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('marketplaces.settings.rules.order')}</FormLabel>
        <FormGroup row>
          {PICTURE_ANGLES.map((a) => (
            <FormControlLabel
              key={a}
              label={t(`marketplaces.angles.${a}`)}
              control={
                <Checkbox
                  checked={order.includes(a)}
                  onChange={(e) => setOrder(e.target.checked ? [...order, a] : order.filter((x) => x !== a))}
                />
              }
            />
          ))}
        </FormGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {NUMBER_RULES.map((k) => (
          <TextField
            key={k}
            id={id(k)}
            label={t(`marketplaces.settings.rules.${k}`)}
            value={numbers[k]}
            onChange={(e) => setNumbers({ ...numbers, [k]: e.target.value })}
            error={errors.has(k)}
            helperText={message(k) ?? t('marketplaces.settings.emptyNoRule')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
        <TextField
          id={id('plate')}
          select
          label={t('marketplaces.settings.rules.plateCovered')}
          value={plate}
          onChange={(e) => setPlate(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('marketplaces.settings.noRule')}</option>
          <option value="yes">{t('marketplaces.settings.plateYes')}</option>
          <option value="no">{t('marketplaces.settings.plateNo')}</option>
        </TextField>
        <TextField
          id={id('stamp')}
          select
          label={t('marketplaces.settings.rules.stampAllowed')}
          value={stamp}
          onChange={(e) => setStamp(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('marketplaces.settings.noRule')}</option>
          <option value="yes">{t('marketplaces.settings.stampYes')}</option>
          <option value="no">{t('marketplaces.settings.stampNo')}</option>
        </TextField>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('marketplaces.settings.save')}
        </Button>
        <Button color="error" disabled={remove.isPending} onClick={() => setDeleting(true)}>
          {t('marketplaces.settings.delete')}
        </Button>
      </Stack>
      {/* A group's copy holds rules someone typed in: one stray click must not lose them. */}
      <ConfirmDialog
        open={deleting}
        title={t('marketplaces.settings.deleteTitle')}
        text={t('marketplaces.settings.deleteText', { name: profile.name })}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('marketplaces.settings.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      />
    </Box>
  );
}
