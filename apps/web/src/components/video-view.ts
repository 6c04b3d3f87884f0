import { VIDEO_TYPES, type ShootingVideo } from '@forecourt/contracts';

/** The video to play: the first type of the spec's preference order that exists. */
export function pickVideo(videos: readonly ShootingVideo[]): ShootingVideo | null {
  for (const type of VIDEO_TYPES) {
    const v = videos.find((x) => x.type === type);
    if (v) return v;
  }
  return null;
}

export type VideoView =
  | { kind: 'noVideo' }
  | { kind: 'badVideoFormat' }
  | { kind: 'native'; src: string; poster?: string }
  | { kind: 'embed'; src: string; streamer: 'YOUTUBE' | 'CLOUDFLARE' };

/** How a video is shown: hosted files natively, YouTube and Cloudflare Stream embedded. */
export function videoView(video: ShootingVideo | null): VideoView {
  if (!video || !video.reference?.trim()) return { kind: 'noVideo' };
  const ref = encodeURIComponent(video.reference.trim());
  switch (video.streamer) {
    case 'YOUTUBE':
      return { kind: 'embed', streamer: 'YOUTUBE', src: `https://www.youtube-nocookie.com/embed/${ref}` };
    case 'CLOUDFLARE':
      return { kind: 'embed', streamer: 'CLOUDFLARE', src: `https://iframe.videodelivery.net/${ref}` };
    case 'STAMPYT':
      return video.url
        ? { kind: 'native', src: video.url, ...(video.posterUrl ? { poster: video.posterUrl } : {}) }
        : { kind: 'noVideo' };
    default:
      return { kind: 'badVideoFormat' };
  }
}
