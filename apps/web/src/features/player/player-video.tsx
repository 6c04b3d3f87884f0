import type { PlayerVideo as Video } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A VIDEO shooting's video, by streamer, with the detail page's rules for a missing or unknown one. */
export function PlayerVideo({ video }: { video: Video | null }) {
  const { t } = useTranslation();
  const frame = { width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block', borderRadius: 1 } as const;
  if (!video || (!video.reference && !video.url)) return <Typography role="status">{t('shooting.noVideo')}</Typography>;
  switch (video.streamer) {
    case 'STAMPYT':
      return video.url ? (
        <Box component="video" controls preload="metadata" src={video.url} sx={{ ...frame, bgcolor: 'common.black' }}>
          <track kind="captions" />
        </Box>
      ) : (
        <Typography role="status">{t('shooting.noVideo')}</Typography>
      );
    case 'YOUTUBE':
      return (
        <Box
          component="iframe"
          title={t('publicPlayer.video')}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.reference ?? '')}`}
          allow="fullscreen; picture-in-picture"
          sx={frame}
        />
      );
    case 'CLOUDFLARE':
      return (
        <Box
          component="iframe"
          title={t('publicPlayer.video')}
          src={`https://iframe.videodelivery.net/${encodeURIComponent(video.reference ?? '')}`}
          allow="fullscreen; picture-in-picture"
          sx={frame}
        />
      );
    default:
      return <Typography role="status">{t('shooting.badVideoFormat')}</Typography>;
  }
}
