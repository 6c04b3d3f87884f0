import { ADMIN_MEDIA_SLOTS, RECOMMENDED_VIDEO_SIZE } from '@forecourt/contracts/media';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context';
import { BackButton } from '../../components/back-button';
import { useSnackbar } from '../../components/snackbar';
import { fetchConfiguration, fetchGroupId } from './admin-videos-api';
import { MediaLine } from './media-line';
import { adminVideosKeys } from './admin-videos-keys';

/** /adminvideos (spec section 2): the group's introduction video, conclusion video and audio. */
export function AdminVideosPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const username = useAuth().user?.profile.preferred_username;
  const group = useQuery({
    queryKey: adminVideosKeys.groupId(username),
    queryFn: () => fetchGroupId(username!),
    enabled: Boolean(username),
    staleTime: Infinity,
  });
  const cfg = useQuery({
    queryKey: adminVideosKeys.configuration(group.data),
    queryFn: () => fetchConfiguration(group.data!),
    enabled: Boolean(group.data),
  });
  const failed = group.isError || cfg.isError;

  useEffect(() => {
    if (failed) snackbar.show('api.commonError');
  }, [failed, snackbar]);

  return (
    <Container maxWidth="md" sx={{ py: 3 }} data-testid="admin-videos">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <BackButton />
        <Typography variant="h5" component="h1">
          {t('adminVideos.title')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('adminVideos.recommended', RECOMMENDED_VIDEO_SIZE)}
      </Typography>
      {failed ? (
        <Alert severity="error">{t('api.commonError')}</Alert>
      ) : !cfg.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('adminVideos.loading')} />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ px: 2 }}>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {ADMIN_MEDIA_SLOTS.map((slot) => (
              <MediaLine key={slot} slot={slot} cfg={cfg.data} />
            ))}
          </Box>
        </Paper>
      )}
    </Container>
  );
}
