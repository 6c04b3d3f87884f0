import { MEDIA_LIMITS, type MediaLimit } from '@forecourt/contracts';
import type { MediaInfo, MediaKind, MeasuredStream } from './media-probe';

/**
 * The first limit of MEDIA_LIMITS a file's content goes beyond, or null. Judged on what its packets
 * hold (measured), not on the duration its header declares; a file that could not be measured at all
 * is beyond them (its packets overflowed what the probe reads).
 */
export function exceededLimit(kind: MediaKind, info: MediaInfo, measured: MeasuredStream | null): MediaLimit | null {
  if (!measured) return 'frames';
  if (measured.seconds > MEDIA_LIMITS.maxSeconds) return 'seconds';
  if (kind === 'audio' || !info.video) return null;
  const framePixels = info.video.width * info.video.height;
  if (framePixels > MEDIA_LIMITS.maxFramePixels) return 'framePixels';
  if (measured.packets > MEDIA_LIMITS.maxFrames) return 'frames';
  const fps = measured.seconds > 0 ? measured.packets / measured.seconds : Infinity;
  if (fps < MEDIA_LIMITS.minFramesPerSecond) return 'framesPerSecond';
  if (framePixels * fps > MEDIA_LIMITS.maxPixelsPerSecond) return 'pixelsPerSecond';
  return null;
}

/**
 * The wall-clock time a transcode of `seconds` of content may take: the house normalisation runs at
 * several times real time on one core, so ten times real time plus a start is generous for a real file
 * and still ends a runaway one in minutes, not hours.
 */
export const transcodeTimeoutMs = (seconds: number): number =>
  Math.min(30 * 60_000, 2 * 60_000 + Math.ceil(seconds * 10_000));
