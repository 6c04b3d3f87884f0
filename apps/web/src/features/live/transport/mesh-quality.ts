import type { LiveOptions } from '@forecourt/contracts';

/** What each outgoing video encoding is held to (RTCRtpEncodingParameters). */
export interface VideoLimits {
  maxFramerate: number;
  scaleResolutionDownBy: number;
  /** Bits per second; undefined leaves the browser's congestion control alone. */
  maxBitrate: number | undefined;
}

/**
 * In a full mesh every browser encodes its camera once per other participant, and decodes one stream from
 * each: a 4-way call encodes three times what a 2-way call does. On a dealer's laptop (or the 2-core
 * machine of the benchmark) that saturates the CPU, and a saturated encoder delays everyone's first frame
 * by seconds. So, as mesh products do, each sender steps down as the room grows:
 * - 2 participants: the spec's media as is (600x400 at 24 fps), the walkaround at full detail;
 * - 3 or 4: 400x267 at 15 fps, at most 300 kbps a peer: close to the pixel rate of one 2-way stream in
 *   all, sharp enough to read a dashboard or a tyre in the main tile; motion is what gives way (a
 *   walkaround moves slowly);
 * - 5 and more: 300x200 at 12 fps, 200 kbps a peer (that many belong on the SFU driver).
 * The camera is captured at the step's size (cameraConstraints), and a sender pauses the video of a
 * connection whose receiver does not show it (limitEncodings `shown`): each stream encoded is one watched.
 */
export function videoLimits(participants: number, media: LiveOptions['media']): VideoLimits {
  const fps = media.video.frameRate;
  if (participants <= 2) return { maxFramerate: fps, scaleResolutionDownBy: 1, maxBitrate: undefined };
  if (participants <= 4) return { maxFramerate: Math.min(fps, 15), scaleResolutionDownBy: 1.5, maxBitrate: 300_000 };
  return { maxFramerate: Math.min(fps, 12), scaleResolutionDownBy: 2, maxBitrate: 200_000 };
}

/**
 * The camera's constraints for a step: its frames made at the size and rate the mesh sends, once at the
 * source, rather than made at 600x400 and 24 fps and scaled and thinned again by every encoder (and drawn at
 * that rate in the page's own thumbnail).
 */
export function cameraConstraints(limits: VideoLimits, media: LiveOptions['media']): MediaTrackConstraints {
  const by = limits.scaleResolutionDownBy;
  return {
    width: { ideal: Math.round(media.video.width / by) },
    height: { ideal: Math.round(media.video.height / by) },
    frameRate: { ideal: limits.maxFramerate, max: limits.maxFramerate },
  };
}

/**
 * The limits for a camera track `width` pixels wide: scaled down to the step's width only as far as the
 * camera does not already make it (captured at the step's size by cameraConstraints, it is sent as is).
 * Unknown width: the step's own scale.
 */
export function cameraLimits(width: number | undefined, limits: VideoLimits, media: LiveOptions['media']): VideoLimits {
  if (!width) return limits;
  return { ...limits, scaleResolutionDownBy: Math.max(1, width / (media.video.width / limits.scaleResolutionDownBy)) };
}

/**
 * The sender's encodings with these limits (and the audio cap on audio senders). `shown` says whether the
 * receiver shows this video (it said so, or has not said yet): one that does not gets none, the encoder
 * pauses (no frames encoded, sent or decoded) until it is shown again; audio always goes.
 */
export function limitEncodings(
  encodings: RTCRtpEncodingParameters[],
  kind: 'audio' | 'video',
  media: LiveOptions['media'],
  limits: VideoLimits,
  shown = true,
): RTCRtpEncodingParameters[] {
  return encodings.map((e) => {
    if (kind === 'audio') return { ...e, maxBitrate: media.maxAudioBitrate };
    const next: RTCRtpEncodingParameters = {
      ...e,
      active: shown,
      maxFramerate: limits.maxFramerate,
      scaleResolutionDownBy: limits.scaleResolutionDownBy,
    };
    if (limits.maxBitrate === undefined) delete next.maxBitrate;
    else next.maxBitrate = limits.maxBitrate;
    return next;
  });
}
