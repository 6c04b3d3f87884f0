import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import StyleIcon from '@mui/icons-material/Style';
import {
  AppBar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  IconButton,
  LinearProgress,
  Toolbar,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { fetchStampsOfFormat, restampShooting } from './restamp-api';
import { firstImageFormat, type RestampTarget } from './restamp-rules';
import { usersKeys } from '../../api/users-keys';

/**
 * The restamp button of the options column and its fullscreen editor: choose a stamp of the images'
 * format, send, then a confirmation whose OK goes to /shootings.
 */
export function RestampButton({
  target,
  userId,
  compact,
}: {
  target: RestampTarget;
  userId: string;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [stampId, setStampId] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const format = firstImageFormat(target.images);

  const stamps = useQuery({
    queryKey: usersKeys.stamps(userId, format),
    queryFn: () => fetchStampsOfFormat(userId, format!),
    enabled: open && Boolean(format),
  });
  const send = useMutation({
    mutationFn: () => restampShooting(target, stampId),
    onSuccess: () => {
      setOpen(false);
      setConfirmed(true);
    },
    onError: () => snackbar.show('api.sendStampShootingError'),
  });
  useEffect(() => {
    if (stamps.isError) snackbar.show('api.getStampsError');
  }, [stamps.isError, snackbar]);

  const close = () => {
    setOpen(false);
    setStampId('');
  };

  return (
    <>
      <ActionButton
        compact={compact}
        icon={<StyleIcon />}
        label={t('restamp.button')}
        disabled={target.images.length === 0}
        onClick={() => setOpen(true)}
      />
      <Dialog fullScreen open={open} onClose={close} aria-labelledby="restamp-title">
        <AppBar position="sticky">
          <Toolbar>
            <IconButton edge="start" color="inherit" onClick={close} aria-label={t('common.close')}>
              <CloseIcon />
            </IconButton>
            <Typography id="restamp-title" variant="h6" component="h2" sx={{ flex: 1, ml: 2 }}>
              {t('restamp.title')}
            </Typography>
            <Button
              color="inherit"
              variant="outlined"
              disabled={!stampId || target.images.length === 0 || send.isPending}
              onClick={() => send.mutate()}
              // MUI's disabled grey all but vanishes on the navy bar: still readable, visibly not active.
              sx={{ '&.Mui-disabled': { color: 'rgba(255, 255, 255, 0.72)', borderColor: 'rgba(255, 255, 255, 0.5)' } }}
            >
              {t('restamp.send')}
            </Button>
          </Toolbar>
          {send.isPending && <LinearProgress color="secondary" />}
        </AppBar>
        <Container sx={{ py: 3 }}>
          <Typography gutterBottom>{t('restamp.choose', { format: format ?? '' })}</Typography>
          {stamps.isLoading && <LinearProgress aria-label={t('common.loading')} />}
          {stamps.data?.length === 0 && <Typography color="text.secondary">{t('restamp.noStamps')}</Typography>}
          <Grid container spacing={2} role="radiogroup" aria-labelledby="restamp-title">
            {stamps.data?.map((s) => (
              <Grid key={s.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card
                  variant="outlined"
                  sx={{
                    borderWidth: 3,
                    borderColor: s.id === stampId ? 'primary.main' : 'divider',
                    bgcolor: s.id === stampId ? 'action.selected' : undefined,
                  }}
                >
                  <CardActionArea role="radio" aria-checked={s.id === stampId} onClick={() => setStampId(s.id)}>
                    {/* A margin around the preview: a stamp's own coloured frame must not read as the selection. */}
                    <Box sx={{ bgcolor: 'grey.500', p: 1 }}>
                      <CardMedia
                        component="img"
                        image={s.url}
                        alt=""
                        sx={{ aspectRatio: s.format === '16/9' ? '16 / 9' : '4 / 3', objectFit: 'contain' }}
                      />
                    </Box>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      {s.id === stampId ? <CheckCircleIcon color="primary" aria-hidden /> : null}
                      <Typography sx={{ fontWeight: s.id === stampId ? 600 : undefined }}>{s.name}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Dialog>
      <Dialog open={confirmed} aria-labelledby="restamp-confirm-title">
        <DialogTitle id="restamp-confirm-title">{t('restamp.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('restamp.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void navigate('/shootings')}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
