import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fetchPipelineState, removeFailedPicture, retryPipeline } from './shooting-detail-api';
import type { ShootingKey } from '../../lib/shooting-key';
import { shootingDetailKeys } from './shooting-detail-keys';

const REFRESH_MS = 4000;

/**
 * While the shooting is not finished: whether its processing stopped on a failure, with the pictures it
 * failed on, a retry and the removal of each failed picture. Nothing is shown while processing goes on.
 */
export function PipelineFailure({ shooting, active }: { shooting: ShootingKey; active: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<{ imageId: string; number: number } | null>(null);
  const state = useQuery({
    queryKey: shootingDetailKeys.pipeline(shooting),
    queryFn: () => fetchPipelineState(shooting),
    enabled: active,
    refetchInterval: active ? REFRESH_MS : false,
  });
  if (!active || !state.data?.failed) return null;

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      snackbar.show(success, 'success');
      await state.refetch();
      void queryClient.invalidateQueries({ queryKey: shootingDetailKeys.detail(shooting) });
    } catch {
      snackbar.show(failure);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <Alert
      severity="error"
      data-testid="pipeline-failure"
      action={
        <Button
          color="inherit"
          size="small"
          loading={busy && !removing}
          onClick={() =>
            void run(
              () => retryPipeline(shooting),
              'shootingDetail.pipelineFailure.retried',
              'shootingDetail.pipelineFailure.retryError',
            )
          }
        >
          {t('shootingDetail.pipelineFailure.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('shootingDetail.pipelineFailure.title')}</AlertTitle>
      <Typography variant="body2">{t('shootingDetail.pipelineFailure.text')}</Typography>
      <Stack component="ul" spacing={0.5} sx={{ pl: 0, mt: 1, mb: 0, listStyle: 'none' }}>
        {state.data.images.map((image) => (
          <Stack component="li" key={image.imageId} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">
              {t('shootingDetail.pipelineFailure.picture', { number: image.position + 1 })}
            </Typography>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => setRemoving({ imageId: image.imageId, number: image.position + 1 })}
            >
              {t('shootingDetail.pipelineFailure.remove', { number: image.position + 1 })}
            </Button>
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('shootingDetail.pipelineFailure.removeTitle')}
        text={t('shootingDetail.pipelineFailure.removeText', { number: removing?.number ?? '' })}
        cancelLabel={t('common.no')}
        confirmLabel={t('common.yes')}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing)
            void run(
              () => removeFailedPicture(shooting, removing.imageId),
              'shootingDetail.pipelineFailure.removed',
              'shootingDetail.pipelineFailure.removeError',
            );
        }}
      />
    </Alert>
  );
}
