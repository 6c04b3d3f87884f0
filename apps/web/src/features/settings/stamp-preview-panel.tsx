import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Format } from '@forecourt/contracts/enums';
import type { StampPreview, StampPreviewInput } from '@forecourt/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGroupPictures, previewStamp, settingsErrorKey } from './settings-api';
import { settingsKeys } from './settings-keys';

const DEBOUNCE_MS = 400;

/**
 * The live preview: the overlay as it stands in the form, drawn by the server's stamping renderer on the
 * sample car or on one of the group's recent pictures, again a moment after each change.
 */
export function StampPreviewPanel({
  groupId,
  format,
  overlay,
}: {
  groupId: string;
  format: Format;
  overlay: StampPreviewInput['overlay'] | null;
}) {
  const { t } = useTranslation();
  const pictures = useQuery({
    queryKey: settingsKeys.pictures(groupId),
    queryFn: () => fetchGroupPictures(groupId),
  });
  const [picture, setPicture] = useState('sample');
  const [preview, setPreview] = useState<StampPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify({ format, overlay, picture });

  useEffect(() => {
    if (!overlay) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      previewStamp(groupId, { format, overlay, picture }, controller.signal)
        .then((p) => {
          setPreview(p);
          setError(null);
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setError(settingsErrorKey(err));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key holds every input of the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupId, key]);

  const choices = [{ id: 'sample', label: t('settings.stamps.sample'), thumbnailUrl: null as string | null }].concat(
    (pictures.data ?? []).map((p) => ({ id: p.id, label: p.registration, thumbnailUrl: p.thumbnailUrl })),
  );

  return (
    <Box component="section" aria-labelledby="stamp-preview-title" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography component="h3" variant="subtitle1" id="stamp-preview-title">
        {t('settings.stamps.preview')}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          bgcolor: 'action.hover',
          aspectRatio: format === '4/3' ? '4 / 3' : '16 / 9',
        }}
      >
        {preview && (
          <Box
            component="img"
            src={preview.image}
            alt={t('settings.stamps.previewAlt')}
            data-testid="stamp-preview"
            data-format={`${preview.width}x${preview.height}`}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        )}
        {loading && (
          <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', left: 0, right: 0, top: 0 }} />
        )}
      </Box>
      {!overlay && <Alert severity="info">{t('settings.stamps.previewNeedsOverlay')}</Alert>}
      {error && <Alert severity="error">{t(error)}</Alert>}
      <Typography component="h4" variant="body2" id="stamp-preview-pictures">
        {t('settings.stamps.previewOn')}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby="stamp-preview-pictures"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        {choices.map((c) => (
          <ButtonBase
            key={c.id}
            role="radio"
            aria-checked={picture === c.id}
            onClick={() => setPicture(c.id)}
            sx={{
              width: 88,
              height: 56,
              borderRadius: 1,
              border: 2,
              borderColor: picture === c.id ? 'primary.main' : 'divider',
              overflow: 'hidden',
              typography: 'caption',
              bgcolor: 'background.paper',
              color: 'text.primary',
            }}
          >
            {c.thumbnailUrl ? (
              <Box
                component="img"
                src={c.thumbnailUrl}
                alt={c.label}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              c.label
            )}
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}
