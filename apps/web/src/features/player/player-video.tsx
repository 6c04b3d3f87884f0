import type { PlayerVideo as Video } from '@forecourt/contracts';
import { useTranslation } from 'react-i18next';
import { track } from './engagement-beacon';
import css from './player.module.css';

const watched = new WeakMap<HTMLVideoElement, number>();
/** Reports the share of the video watched each time it passes another tenth. */
function trackVideo(v: HTMLVideoElement) {
  const share = v.duration > 0 ? Math.floor((v.currentTime / v.duration) * 10) / 10 : 0;
  if (share <= (watched.get(v) ?? 0)) return;
  watched.set(v, share);
  track({ k: 'video', share });
}

/** A VIDEO shooting's video, by streamer, with the detail page's rules for a missing or unknown one. */
export function PlayerVideo({ video }: { video: Video | null }) {
  const { t } = useTranslation();
  const none = <p role="status">{t('shooting.noVideo')}</p>;
  if (!video || (!video.reference && !video.url)) return none;
  switch (video.streamer) {
    case 'STAMPYT':
      return video.url ? (
        <video
          controls
          playsInline
          preload="metadata"
          src={video.url}
          poster={video.posterUrl ?? undefined}
          onTimeUpdate={(e) => trackVideo(e.currentTarget)}
          className={`${css.video} ${css.videoFile}`}
        >
          <track kind="captions" />
        </video>
      ) : (
        none
      );
    case 'YOUTUBE':
      return (
        <iframe
          title={t('publicPlayer.video')}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.reference ?? '')}`}
          allow="fullscreen; picture-in-picture"
          className={css.video}
        />
      );
    case 'CLOUDFLARE':
      return (
        <iframe
          title={t('publicPlayer.video')}
          src={`https://iframe.videodelivery.net/${encodeURIComponent(video.reference ?? '')}`}
          allow="fullscreen; picture-in-picture"
          className={css.video}
        />
      );
    default:
      return <p role="status">{t('shooting.badVideoFormat')}</p>;
  }
}
