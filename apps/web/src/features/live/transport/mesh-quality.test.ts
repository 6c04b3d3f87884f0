import { LIVE_MEDIA } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { cameraConstraints, cameraLimits, limitEncodings, videoLimits } from './mesh-quality';

describe('the video each sender of a mesh sends', () => {
  it('is the spec’s 600x400 at 24 fps in a call of two, and steps down as the room grows', () => {
    expect(videoLimits(2, LIVE_MEDIA)).toEqual({ maxFramerate: 24, scaleResolutionDownBy: 1, maxBitrate: undefined });
    expect(videoLimits(3, LIVE_MEDIA)).toEqual({ maxFramerate: 15, scaleResolutionDownBy: 1.5, maxBitrate: 300_000 });
    expect(videoLimits(4, LIVE_MEDIA)).toEqual(videoLimits(3, LIVE_MEDIA));
    expect(videoLimits(6, LIVE_MEDIA)).toEqual({ maxFramerate: 12, scaleResolutionDownBy: 2, maxBitrate: 200_000 });
    // A lower configured frame rate is never raised.
    expect(videoLimits(4, { ...LIVE_MEDIA, video: { ...LIVE_MEDIA.video, frameRate: 10 } }).maxFramerate).toBe(10);
  });

  it('keeps a 4-way call’s encoding work near a 2-way call’s: three streams at the lower pixel rate', () => {
    const pixelRate = (n: number) => {
      const l = videoLimits(n, LIVE_MEDIA);
      return (n - 1) * ((600 * 400) / l.scaleResolutionDownBy ** 2) * l.maxFramerate;
    };
    expect(pixelRate(4) / pixelRate(2)).toBeLessThan(1);
  });

  it('writes the limits on the video encodings and the audio cap on audio, and lifts a bitrate cap when the room shrinks back', () => {
    const capped = limitEncodings([{ active: true }], 'video', LIVE_MEDIA, videoLimits(4, LIVE_MEDIA));
    expect(capped).toEqual([{ active: true, maxFramerate: 15, scaleResolutionDownBy: 1.5, maxBitrate: 300_000 }]);
    expect(limitEncodings(capped, 'video', LIVE_MEDIA, videoLimits(2, LIVE_MEDIA))).toEqual([
      { active: true, maxFramerate: 24, scaleResolutionDownBy: 1 },
    ]);
    expect(limitEncodings([{ active: true }], 'audio', LIVE_MEDIA, videoLimits(4, LIVE_MEDIA))).toEqual([
      { active: true, maxBitrate: 16_000 },
    ]);
  });

  it('pauses the video of a connection whose receiver does not show it, and sends it again once shown; audio always goes', () => {
    const limits = videoLimits(4, LIVE_MEDIA);
    const paused = limitEncodings([{ active: true }], 'video', LIVE_MEDIA, limits, false);
    expect(paused).toEqual([{ active: false, maxFramerate: 15, scaleResolutionDownBy: 1.5, maxBitrate: 300_000 }]);
    expect(limitEncodings(paused, 'video', LIVE_MEDIA, limits, true)[0]!.active).toBe(true);
    expect(limitEncodings([{ active: true }], 'audio', LIVE_MEDIA, limits, false)).toEqual([
      { active: true, maxBitrate: 16_000 },
    ]);
  });

  it('captures the camera at the step’s size and rate, and then sends it unscaled; a camera still at 600x400 is scaled by the step', () => {
    const four = videoLimits(4, LIVE_MEDIA);
    expect(cameraConstraints(four, LIVE_MEDIA)).toEqual({
      width: { ideal: 400 },
      height: { ideal: 267 },
      frameRate: { ideal: 15, max: 15 },
    });
    expect(cameraConstraints(videoLimits(2, LIVE_MEDIA), LIVE_MEDIA)).toEqual({
      width: { ideal: 600 },
      height: { ideal: 400 },
      frameRate: { ideal: 24, max: 24 },
    });
    expect(cameraLimits(400, four, LIVE_MEDIA).scaleResolutionDownBy).toBe(1);
    expect(cameraLimits(600, four, LIVE_MEDIA).scaleResolutionDownBy).toBe(1.5);
    // A camera that could not go down as far is scaled the rest of the way; one below the step is never scaled up.
    expect(cameraLimits(800, four, LIVE_MEDIA).scaleResolutionDownBy).toBe(2);
    expect(cameraLimits(320, four, LIVE_MEDIA).scaleResolutionDownBy).toBe(1);
    expect(cameraLimits(undefined, four, LIVE_MEDIA)).toEqual(four);
    expect(cameraLimits(400, four, LIVE_MEDIA).maxFramerate).toBe(15);
  });
});
