import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { RoomLinkField } from './room-link-field';

/** The room could not be loaded or the code is wrong; signed-in users go back to their list. */
export function RoomInfoError({ wrongCode }: { wrongCode: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {t('rooms.infoError.title')}
      </Typography>
      <Alert severity="error">{wrongCode ? t('rooms.infoError.wrongCode') : t('rooms.infoError.cannotLoad')}</Alert>
      {isAuthenticated && (
        <Button variant="contained" onClick={() => navigate('/videos/live/rooms')}>
          {t('rooms.ended.backToList')}
        </Button>
      )}
    </Stack>
  );
}

/** On a browser that cannot hold the call: the link to open in another one. */
export function ChangeBrowser({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {t('rooms.changeBrowser.title')}
      </Typography>
      <Alert severity="warning">{t('rooms.changeBrowser.text')}</Alert>
      <RoomLinkField link={link} sx={{ width: '100%' }} />
    </Stack>
  );
}

/** The room has ended: its link takes nobody in any more (a late joiner, or one whose join the server refused). */
export function RoomClosed({ ownerName }: { ownerName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', p: 4, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {t('rooms.closed.title')}
      </Typography>
      <Alert severity="info">{t('rooms.closed.text', { ownerName })}</Alert>
      {isAuthenticated && (
        <Button variant="contained" onClick={() => navigate('/videos/live/rooms')}>
          {t('rooms.ended.backToList')}
        </Button>
      )}
    </Stack>
  );
}
