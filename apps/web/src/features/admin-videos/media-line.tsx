import type { AdminMediaSlot, VideoConfiguration } from '@forecourt/contracts/media';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deleteMedia } from './admin-videos-api';
import { adminVideosKeys } from './admin-videos-keys';
import { MediaViewer } from './media-viewer';
import { acceptOf, formatBytes, refusalOf } from './media-rules';
import { useMediaUpload } from './use-media-upload';

/**
 * One line of the admin video screen (spec section 2): status icon, add or modify, view, download and
 * delete with a confirm dialog; while a file uploads, its progress with speed and time left, and cancel.
 */
export function MediaLine(props: { slot: AdminMediaSlot; cfg: VideoConfiguration }) {
  const { slot, cfg } = props;
  const queryClient = useQueryClient();
  // After a failure the server's configuration is read again: it may have changed meanwhile.
  const reload = () => void queryClient.invalidateQueries({ queryKey: adminVideosKeys.configurations });
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = cfg.files[slot];
  const { upload, progress, cancel } = useMediaUpload(slot);
  const [viewing, setViewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteMedia(cfg, slot),
    onSuccess: () => {
      setConfirming(false);
      snackbar.show('api.fileDeleteSuccess', 'success');
      reload();
    },
    onError: () => {
      setConfirming(false);
      snackbar.show('api.fileDeleteError');
      reload();
    },
  });

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    const refusal = refusalOf(slot, picked);
    if (refusal) {
      snackbar.show(refusal);
      return;
    }
    const outcome = await upload(cfg, picked);
    if (outcome.ok) {
      queryClient.setQueryData(adminVideosKeys.configuration(cfg.groupId), outcome.configuration);
      snackbar.show('api.fileUploadSuccess', 'success');
    } else if (!('cancelled' in outcome)) {
      snackbar.show(outcome.messageKey);
      reload();
    }
  };

  const busy = progress !== null || remove.isPending;
  const label = t(`adminVideos.slots.${slot}`);
  const percent = progress ? Math.floor((progress.sent / Math.max(1, progress.total)) * 100) : 0;
  return (
    <Box
      component="li"
      data-testid={`media-line-${slot}`}
      sx={{ listStyle: 'none', py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          {file ? (
            <CheckCircleIcon
              color="success"
              titleAccess={t('adminVideos.status.configured')}
              data-testid="status-configured"
            />
          ) : (
            <RadioButtonUncheckedIcon
              color="disabled"
              titleAccess={t('adminVideos.status.empty')}
              data-testid="status-empty"
            />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="subtitle1">
              {label}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {file
                ? t('adminVideos.fileInfo', {
                    name: file.fileName,
                    seconds: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
                      file.durationSeconds,
                    ),
                  })
                : t('adminVideos.status.empty')}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptOf(slot)}
            onChange={(e) => void onPick(e)}
            data-testid={`file-input-${slot}`}
          />
          <Button variant="contained" disabled={busy} aria-describedby={titleId} onClick={() => input.current?.click()}>
            {file ? t('adminVideos.modify') : t('adminVideos.add')}
          </Button>
          <Button disabled={!file || busy} aria-describedby={titleId} onClick={() => setViewing(true)}>
            {t('adminVideos.view')}
          </Button>
          <Button
            component="a"
            href={file?.downloadUrl}
            download={file?.fileName}
            disabled={!file || busy}
            aria-describedby={titleId}
          >
            {t('adminVideos.download')}
          </Button>
          <Button color="error" disabled={!file || busy} aria-describedby={titleId} onClick={() => setConfirming(true)}>
            {t('adminVideos.delete')}
          </Button>
        </Stack>
      </Stack>
      {progress ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
          data-testid="upload-progress"
        >
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('adminVideos.progressLabel', { what: label })}
            sx={{ flex: 1 }}
          />
          <Typography variant="body2" aria-live="polite">
            {[
              t('adminVideos.percent', { percent }),
              progress.bytesPerSecond !== null
                ? t('adminVideos.speed', { speed: formatBytes(progress.bytesPerSecond, i18n.language) })
                : null,
              progress.secondsLeft !== null
                ? progress.secondsLeft >= 60
                  ? t('adminVideos.minutesLeft', { count: Math.ceil(progress.secondsLeft / 60) })
                  : t('adminVideos.secondsLeft', { count: Math.ceil(progress.secondsLeft) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Button onClick={cancel} aria-describedby={titleId}>
            {t('adminVideos.cancelUpload')}
          </Button>
        </Stack>
      ) : null}
      {file && viewing ? (
        <MediaViewer slot={slot} title={label} url={file.url} onClose={() => setViewing(false)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('adminVideos.deleteTitle', { what: label })}
        text={t('adminVideos.deleteText')}
        cancelLabel={t('adminVideos.cancel')}
        confirmLabel={t('adminVideos.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </Box>
  );
}
