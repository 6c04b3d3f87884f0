import { z } from 'zod';
import { runMedia } from './media-runner';
import { probeArgs } from './media-plans';

/** What a file is, by its content. */
export interface MediaInfo {
  container: string;
  durationSeconds: number;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

const FfprobeOutput = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
});

// Codecs that make a still picture look like a video stream (an MP3's cover, a JPEG named .mp4).
const STILL_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff']);

/** Reads ffprobe's JSON; throws on anything that is not its shape. */
export function parseProbe(json: string): MediaInfo {
  const out = FfprobeOutput.parse(JSON.parse(json));
  const moving = out.streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !STILL_CODECS.has(s.codec_name ?? ''),
  );
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  const duration = Number(out.format?.duration ?? moving?.duration ?? audio?.duration ?? 0);
  return {
    container: out.format?.format_name ?? '',
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    video: moving ? { codec: moving.codec_name ?? '', width: moving.width ?? 0, height: moving.height ?? 0 } : null,
    audio: audio ? { codec: audio.codec_name ?? '' } : null,
  };
}

export type MediaKind = 'video' | 'audio';

/**
 * Whether the content is what the slot takes: a QuickTime/MP4 container with a moving picture, or an
 * MP3/Ogg with a sound stream, of some duration. Names and declared types are not looked at.
 */
export function acceptsAs(kind: MediaKind, info: MediaInfo): boolean {
  if (info.durationSeconds <= 0) return false;
  const formats = info.container.split(',');
  if (kind === 'video')
    return formats.includes('mp4') && formats.includes('mov') && info.video !== null && info.video.width > 0;
  return (formats.includes('mp3') || formats.includes('ogg')) && info.audio !== null;
}

export const PROBE_LIMITS = { timeoutMs: 30_000, memoryBytes: 512 * 1024 ** 2 };

/** ffprobe on a local file, in a child process under PROBE_LIMITS. Null when ffprobe cannot read it. */
export async function probeMedia(file: string): Promise<MediaInfo | null> {
  try {
    const { stdout } = await runMedia({ tool: 'ffprobe', args: probeArgs(file), ...PROBE_LIMITS });
    return parseProbe(stdout);
  } catch {
    return null;
  }
}
