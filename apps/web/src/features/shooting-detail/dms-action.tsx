import type { ShootingDetail } from '@forecourt/contracts';
import SyncIcon from '@mui/icons-material/Sync';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { dateTimeFormat } from '../../i18n/date-format';
import { replayDms } from './shooting-detail-api';
import { shootingDetailKeys } from './shooting-detail-keys';

/** Resend to the DMS, with the sync state (not yet sent, sending, done); resending stays possible. */
export function DmsAction({
  shooting,
  compact,
}: {
  shooting: Pick<ShootingDetail, 'id' | 'ownerId' | 'productId' | 'dmsStatus' | 'dmsSyncedAt'>;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await replayDms(shooting.id);
      snackbar.show('api.replayDMSSuccess', 'success');
      void queryClient.invalidateQueries({
        queryKey: shootingDetailKeys.detail({ ...shooting, shootingId: shooting.id }),
      });
    } catch {
      snackbar.show('api.replayDMSError');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={0.5}>
      <ActionButton
        compact={compact}
        icon={<SyncIcon />}
        label={t('shootingDetail.actions.resendDms')}
        loading={busy}
        onClick={() => void resend()}
      />
      <Typography variant="caption" color="text.secondary" data-testid="dms-status">
        {t(`shootingDetail.dms.${shooting.dmsStatus}`, {
          date: shooting.dmsSyncedAt ? dayjs(shooting.dmsSyncedAt).format(dateTimeFormat(i18n.language)) : '',
        })}
      </Typography>
    </Stack>
  );
}
