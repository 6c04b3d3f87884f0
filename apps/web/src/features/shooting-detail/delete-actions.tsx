import DeleteIcon from '@mui/icons-material/Delete';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deleteShooting, deleteVideo } from './shooting-detail-api';
import { shootingDetailKeys } from './shooting-detail-keys';
import type { ShootingKey } from '../../lib/shooting-key';
import { shootingsKeys } from '../shootings/shootings-keys';

/** Delete the shooting (yes / no), then back to the list. */
export function DeleteShootingButton({ shooting, compact }: { shooting: ShootingKey; compact: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteShooting(shooting);
      snackbar.show('api.deleteShootingSuccess', 'success');
      await queryClient.invalidateQueries({ queryKey: shootingsKeys.all });
      void navigate('/shootings');
    } catch {
      snackbar.show('api.deleteShootingError');
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <ActionButton
        compact={compact}
        color="error"
        icon={<DeleteIcon />}
        label={t('shootingDetail.actions.deleteShooting')}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={t('shootingDetail.deleteShooting.title')}
        text={t('shootingDetail.deleteShooting.text')}
        cancelLabel={t('common.no')}
        confirmLabel={t('common.yes')}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/** Delete only the video (cancel / delete); the shooting stays and reloads. */
export function DeleteVideoButton({ shooting, compact }: { shooting: ShootingKey; compact: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteVideo(shooting);
      snackbar.show('api.deleteVideoSuccess', 'success');
      void queryClient.invalidateQueries({ queryKey: shootingDetailKeys.detail(shooting) });
    } catch {
      snackbar.show('api.deleteVideoError');
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <ActionButton
        compact={compact}
        color="error"
        icon={<VideocamOffIcon />}
        label={t('shootingDetail.actions.deleteVideo')}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={t('shootingDetail.deleteVideo.title')}
        text={t('shootingDetail.deleteVideo.text')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('common.delete')}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
