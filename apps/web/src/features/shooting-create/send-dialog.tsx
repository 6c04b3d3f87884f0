import type { ImageRefusal } from '@forecourt/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Step,
  StepLabel,
  Stepper,
} from '@mui/material';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useSnackbar } from '../../components/snackbar';
import {
  SEND_STEPS,
  SendFailure,
  sendShooting,
  type DraftToSend,
  type SendApi,
  type SendProgress,
  type SendState,
  type SendStep,
} from './send-shooting';

/** The spec's message for a step that failed (section 8). */
const STEP_ERROR: Record<SendStep, string> = {
  product: 'api.createVirtualProductError',
  presign: 'api.generatePresignedUrlError',
  upload: 'api.putImageOnS3Error',
  register: 'api.setImagesfromBucketError',
  validate: 'api.commonError',
};

interface Props {
  open: boolean;
  draft: DraftToSend | null;
  /** Kept by the page across attempts and reset when the draft changes, so that a retry resumes. */
  state: RefObject<SendState>;
  api: SendApi;
  onClose: () => void;
  onSent: (shootingId: string) => void;
}

/** The confirm dialog of the add button, then the five sending steps with their progress, errors and retry. */
export function SendDialog({ open, draft, state, api, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  // `refused`: the server refused the vehicle's data itself, which sending again cannot change.
  const [failure, setFailure] = useState<{ step: SendStep; refusals: ImageRefusal[]; refused: boolean } | null>(null);
  // The page clears its draft as soon as the shooting is sent; the dialog still shows the last one while
  // it fades out, rather than "Registration , 0 images".
  const [shown, setShown] = useState(draft);
  if (draft && draft !== shown) setShown(draft);

  const send = async () => {
    if (!draft) return;
    setSending(true);
    setFailure(null);
    try {
      const { shootingId } = await sendShooting(draft, state.current, api, setProgress);
      setProgress(null);
      onSent(shootingId);
    } catch (err) {
      const step = err instanceof SendFailure ? err.step : 'validate';
      const cause = err instanceof SendFailure ? err.cause : err;
      const details =
        cause instanceof ApiError ? (cause.details as { images?: ImageRefusal[] } | undefined) : undefined;
      const refused = step === 'product' && cause instanceof ApiError && cause.status === 400;
      setFailure({ step, refusals: details?.images ?? [], refused });
      snackbar.show(refused ? 'registration.refused' : STEP_ERROR[step]);
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    if (sending) return;
    setFailure(null);
    setProgress(null);
    onClose();
  };

  const activeStep = progress ? SEND_STEPS.indexOf(progress.step) : -1;
  const nameOf = (key: string) => shown?.images.find((i) => i.key === key)?.file.name ?? key;
  const orderName = (order: number) => shown?.images[order]?.file.name ?? String(order + 1);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="send-shooting-title">
      <DialogTitle id="send-shooting-title">{t('shootingCreate.confirmTitle')}</DialogTitle>
      <DialogContent>
        {!progress && !failure && (
          <DialogContentText>
            {t('shootingCreate.confirmText', {
              count: shown?.images.length ?? 0,
              registration: shown?.registration ?? '',
            })}
          </DialogContentText>
        )}
        {progress && (
          <Box>
            <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 2 }}>
              {SEND_STEPS.map((s, n) => (
                <Step key={s} completed={n < activeStep}>
                  <StepLabel error={failure?.step === s}>{t(`shootingCreate.steps.${s}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <List dense aria-label={t('shootingCreate.uploads')}>
              {Object.entries(progress.uploads).map(([key, fraction]) => (
                <ListItem key={key} disableGutters data-testid="upload-progress">
                  <ListItemText
                    primary={nameOf(key)}
                    secondary={
                      <LinearProgress
                        variant="determinate"
                        value={Math.round(fraction * 100)}
                        aria-label={nameOf(key)}
                      />
                    }
                    slotProps={{ secondary: { component: 'div' } }}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t(failure.refused ? 'registration.refused' : STEP_ERROR[failure.step])}
            {failure.refusals.length > 0 && (
              <List dense>
                {failure.refusals.map((r) => (
                  <ListItem key={r.url} disableGutters>
                    <ListItemText primary={orderName(r.order)} secondary={t(`shootingCreate.refusals.${r.code}`)} />
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
        {sending && <LinearProgress sx={{ mt: 2 }} aria-label={t('common.loading')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          {t('common.cancel')}
        </Button>
        {!failure?.refused && (
          <Button variant="contained" onClick={() => void send()} disabled={sending || !draft}>
            {failure ? t('shootingCreate.retry') : t('common.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
