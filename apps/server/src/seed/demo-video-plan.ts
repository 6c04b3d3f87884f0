import type { RemarketingStatus } from '@forecourt/contracts';
import { demoUuid } from './demo-random';

/** A hosted clip: one of a few generated MP4s, shared between shootings of a group. */
export interface ClipRef {
  groupId: string;
  variant: number;
  withIntroAndAudio: boolean;
}

export interface VideoPlan {
  id: string;
  videoType: 'ORIGINAL' | 'CONCAT_AUDIO';
  streamer: 'STAMPYT' | 'YOUTUBE';
  /** For STAMPYT, the clip stored under the video's own key; null with an empty reference. */
  clip: ClipRef | null;
  youtubeId?: string;
  createdAt: string;
}

/** A public Blender Foundation film, so the YouTube state of the video page has something real to play. */
export const DEMO_YOUTUBE_ID = 'aqz-KE-bpKQ';

/**
 * The videos of a VIDEO shooting: a hosted clip (ORIGINAL, plus CONCAT_AUDIO once the shooting is past
 * processing), or one of the two cases the video page must show: a YouTube video and an empty reference.
 */
export function planVideos(
  key: string,
  status: RemarketingStatus,
  kind: 'YOUTUBE' | 'EMPTY' | { groupId: string; variant: number },
  createdAt: string,
): VideoPlan[] {
  if (kind === 'YOUTUBE') {
    return [
      {
        id: demoUuid(`video:${key}:youtube`),
        videoType: 'ORIGINAL',
        streamer: 'YOUTUBE',
        clip: null,
        youtubeId: DEMO_YOUTUBE_ID,
        createdAt,
      },
    ];
  }
  if (kind === 'EMPTY')
    return [{ id: demoUuid(`video:${key}:empty`), videoType: 'ORIGINAL', streamer: 'STAMPYT', clip: null, createdAt }];
  const videos: VideoPlan[] = [
    {
      id: demoUuid(`video:${key}:original`),
      videoType: 'ORIGINAL',
      streamer: 'STAMPYT',
      clip: { ...kind, withIntroAndAudio: false },
      createdAt,
    },
  ];
  if (status === 'FINISHED' || status === 'PUBLISHING') {
    videos.push({
      id: demoUuid(`video:${key}:concat-audio`),
      videoType: 'CONCAT_AUDIO',
      streamer: 'STAMPYT',
      clip: { ...kind, withIntroAndAudio: true },
      createdAt,
    });
  }
  return videos;
}
