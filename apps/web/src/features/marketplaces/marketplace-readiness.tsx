import {
  PICTURE_ANGLES,
  PictureAngle,
  type MarketplaceExportFormat,
  type ReadinessProblem,
} from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { SendMenuButton, SendResult, useExportSends } from './marketplace-send';
import { correctAngle, downloadExport, fetchReadiness, marketplaceKeys } from './marketplaces-api';
import { regionName } from './region-name';

const RECOGNISING_POLL_MS = 3000;

/**
 * "Ready for <marketplace>": per profile of the group, what is missing, with its zip and CSV export and its
 * "Send to…" (webhook endpoints or DMS); and the
 * angle of each picture, which a person corrects here (the correction sticks).
 */
export function MarketplaceReadiness({
  shootingId,
  pictures = [],
}: {
  shootingId: string;
  /** The gallery's picture of each position (`order`): shown beside its angle, so a person sees which one it is. */
  pictures?: readonly { order: number; url: string; thumbnailUrl?: string | null }[];
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const sends = useExportSends(shootingId);
  const readiness = useQuery({
    queryKey: marketplaceKeys.readiness(shootingId),
    queryFn: () => fetchReadiness(shootingId),
    // Angles being recognised arrive in a few seconds: the card shows them (and what they change) without a reload.
    refetchInterval: (query) => (query.state.data?.recognising ? RECOGNISING_POLL_MS : false),
  });
  const data = readiness.data;
  if (!data || data.angles.length === 0) return null;

  const problemText = (p: ReadinessProblem) =>
    t(`marketplaces.problems.${p.code}`, {
      picture: p.picture ?? '',
      angle: p.angle ? t(`marketplaces.angles.${p.angle}`) : '',
      value: p.value ?? '',
      limit: p.limit ?? '',
    });

  const saveAngle = async (position: number, value: string) => {
    const angle = PictureAngle.safeParse(value);
    if (!angle.success) return;
    setBusy(`angle-${position}`);
    try {
      queryClient.setQueryData(
        marketplaceKeys.readiness(shootingId),
        await correctAngle(shootingId, position, angle.data),
      );
      snackbar.show('marketplaces.angleSaved', 'success');
    } catch {
      snackbar.show('marketplaces.angleError');
    } finally {
      setBusy(null);
    }
  };

  const download = async (profileId: string, format: MarketplaceExportFormat) => {
    setBusy(`${profileId}-${format}`);
    try {
      await downloadExport(shootingId, profileId, format);
    } catch {
      snackbar.show('marketplaces.exportError');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="marketplaces-title" data-testid="marketplace-readiness">
      <CardContent>
        <Typography id="marketplaces-title" variant="h6" component="h2" gutterBottom>
          {t('marketplaces.title')}
        </Typography>
        <Stack spacing={2}>
          {data.items.map((item) => (
            <Stack key={item.profileId} spacing={0.5} data-testid={`readiness-${item.profileId}`}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t('marketplaces.readyFor', { name: item.name })}
                </Typography>
                {item.checked ? (
                  <Chip
                    size="small"
                    color={item.ready ? 'success' : 'warning'}
                    label={
                      item.ready ? t('marketplaces.ready') : t('marketplaces.toFix', { count: item.problems.length })
                    }
                  />
                ) : (
                  <Chip size="small" variant="outlined" label={t('marketplaces.unchecked.chip')} />
                )}
                <Button
                  size="small"
                  disabled={busy !== null}
                  aria-label={t('marketplaces.zipFor', { name: item.name })}
                  onClick={() => void download(item.profileId, 'zip')}
                >
                  {t('marketplaces.zip')}
                </Button>
                <Button
                  size="small"
                  disabled={busy !== null}
                  aria-label={t('marketplaces.csvFor', { name: item.name })}
                  onClick={() => void download(item.profileId, 'csv')}
                >
                  {t('marketplaces.csv')}
                </Button>
                <Button
                  size="small"
                  disabled={busy !== null}
                  aria-label={t('marketplaces.xmlFor', { name: item.name })}
                  onClick={() => void download(item.profileId, 'xml')}
                >
                  {t('marketplaces.xml')}
                </Button>
                <SendMenuButton
                  profileId={item.profileId}
                  name={item.name}
                  sending={sends.stateOf(item.profileId)?.step === 'sending'}
                  onSend={(to) => void sends.send(item.profileId, to)}
                />
              </Stack>
              {item.problems.length ? (
                <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3 }}>
                  {item.problems.map((p, i) => (
                    <li key={i}>{problemText(p)}</li>
                  ))}
                </Typography>
              ) : null}
              {item.checked ? null : (
                <Typography variant="body2" color="text.secondary">
                  {t('marketplaces.unchecked.hint', { name: item.name })}
                </Typography>
              )}
              {item.scoped.map((s) => (
                <Typography key={s.rule} variant="body2" color="text.secondary">
                  {t('marketplaces.scoped', {
                    rule: t(`marketplaces.settings.rules.${s.rule}`),
                    name: item.name,
                    country: regionName(s.country, i18n.language),
                  })}
                </Typography>
              ))}
              <SendResult state={sends.stateOf(item.profileId)} name={item.name} />
            </Stack>
          ))}
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('marketplaces.anglesTitle')}
          </Typography>
          {data.recognising && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('marketplaces.recognising')}
            </Typography>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {data.angles.map((a) => {
              const picture = pictures.find((p) => p.order === a.position);
              return (
                <Stack
                  key={a.position}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'flex-start' }}
                  data-testid={`angle-${a.picture}`}
                >
                  {picture ? (
                    <Box
                      component="img"
                      src={picture.thumbnailUrl ?? picture.url}
                      alt=""
                      loading="lazy"
                      sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                    />
                  ) : null}
                  <TextField
                    select
                    size="small"
                    sx={{ minWidth: 160 }}
                    label={t('marketplaces.pictureAngle', { picture: a.picture })}
                    value={a.angle ?? ''}
                    disabled={busy === `angle-${a.position}`}
                    helperText={
                      a.corrected ? t('marketplaces.corrected') : a.angle ? t('marketplaces.recognised') : ' '
                    }
                    onChange={(e) => void saveAngle(a.position, e.target.value)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="" disabled>
                      {t('marketplaces.notSet')}
                    </option>
                    {PICTURE_ANGLES.map((angle) => (
                      <option key={angle} value={angle}>
                        {t(`marketplaces.angles.${angle}`)}
                      </option>
                    ))}
                  </TextField>
                </Stack>
              );
            })}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
