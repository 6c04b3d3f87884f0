import DeleteIcon from '@mui/icons-material/Delete';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
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
  return (
    <ConfirmedDeleteButton
      compact={compact}
      icon={<DeleteIcon />}
      label={t('shootingDetail.actions.deleteShooting')}
      title={t('shootingDetail.deleteShooting.title')}
      text={t('shootingDetail.deleteShooting.text')}
      cancelLabel={t('common.no')}
      confirmLabel={t('common.yes')}
      errorKey="api.deleteShootingError"
      onConfirmed={async () => {
        await deleteShooting(shooting);
        snackbar.show('api.deleteShootingSuccess', 'success');
        await queryClient.invalidateQueries({ queryKey: shootingsKeys.all });
        void navigate('/shootings');
      }}
    />
  );
}

/** Delete only the video (cancel / delete); the shooting stays and reloads. */
export function DeleteVideoButton({ shooting, compact }: { shooting: ShootingKey; compact: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return (
    <ConfirmedDeleteButton
      compact={compact}
      icon={<VideocamOffIcon />}
      label={t('shootingDetail.actions.deleteVideo')}
      title={t('shootingDetail.deleteVideo.title')}
      text={t('shootingDetail.deleteVideo.text')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.delete')}
      errorKey="api.deleteVideoError"
      onConfirmed={async () => {
        await deleteVideo(shooting);
        snackbar.show('api.deleteVideoSuccess', 'success');
        void queryClient.invalidateQueries({ queryKey: shootingDetailKeys.detail(shooting) });
      }}
    />
  );
}

/** A red action button whose deletion runs once confirmed; a failure shows `errorKey` and closes the dialog. */
function ConfirmedDeleteButton(props: {
  compact: boolean;
  icon: ReactNode;
  label: string;
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  errorKey: string;
  onConfirmed: () => Promise<void>;
}) {
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirmed();
    } catch {
      snackbar.show(props.errorKey);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <ActionButton
        compact={props.compact}
        color="error"
        icon={props.icon}
        label={props.label}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={props.title}
        text={props.text}
        cancelLabel={props.cancelLabel}
        confirmLabel={props.confirmLabel}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
