import type { ShootingVideo } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { pickVideo, videoView } from './video-view';

/** The shooting's preferred video: a native player for hosted files, the provider's embed otherwise. */
export function VideoPlayer({ videos }: { videos: ShootingVideo[] }) {
  const { t } = useTranslation();
  const view = videoView(pickVideo(videos));
  if (view.kind === 'noVideo') return <Alert severity="info">{t('shooting.noVideo')}</Alert>;
  if (view.kind === 'badVideoFormat') return <Alert severity="warning">{t('shooting.badVideoFormat')}</Alert>;
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}>
      {view.kind === 'native' ? (
        <Box
          component="video"
          src={view.src}
          poster={view.poster}
          controls
          playsInline
          preload="metadata"
          data-testid="video-native"
          sx={{ width: '100%', height: '100%' }}
        />
      ) : (
        <Box
          component="iframe"
          src={view.src}
          title={t('shootingDetail.videoTitle')}
          data-testid={`video-${view.streamer.toLowerCase()}`}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          sx={{ border: 0, width: '100%', height: '100%' }}
        />
      )}
    </Box>
  );
}
