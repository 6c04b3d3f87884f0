import { z } from 'zod';
import { runMedia } from './media-runner';
import { packetArgs, probeArgs } from './media-plans';

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
 * MP3/Ogg/WAV with a sound stream, of some duration. Names and declared types are not looked at.
 */
export function acceptsAs(kind: MediaKind, info: MediaInfo): boolean {
  if (info.durationSeconds <= 0) return false;
  const formats = info.container.split(',');
  if (kind === 'video')
    return formats.includes('mp4') && formats.includes('mov') && info.video !== null && info.video.width > 0;
  return (formats.includes('mp3') || formats.includes('ogg') || formats.includes('wav')) && info.audio !== null;
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

/** What one stream's packets hold: how many there are, and the time from the first one's start to the last one's end. */
export interface MeasuredStream {
  packets: number;
  seconds: number;
}

/** Reads `packetArgs` output; null when it holds no timed packet. */
export function parsePackets(csv: string): MeasuredStream | null {
  let packets = 0;
  let first = Infinity;
  let end = -Infinity;
  for (const line of csv.split('\n')) {
    const [pts, duration] = line.split(',');
    const start = Number(pts);
    if (!pts || !Number.isFinite(start)) continue;
    packets++;
    first = Math.min(first, start);
    const d = Number(duration);
    end = Math.max(end, start + (Number.isFinite(d) ? d : 0));
  }
  return packets > 0 ? { packets, seconds: Math.max(0, end - first) } : null;
}

// Reading every packet of a 5 GB file is a read of the file (no decoding): longer than a probe.
export const MEASURE_LIMITS = { timeoutMs: 120_000, memoryBytes: 512 * 1024 ** 2 };
// A listing past this many bytes has far more packets than MEDIA_LIMITS.maxFrames (about 20 bytes each).
const LISTING_CAP = 4 * 1024 * 1024 - 64 * 1024;

/**
 * The packets of a file's main stream (the picture of a video, the sound of an audio file), in a child
 * process under MEASURE_LIMITS. Null when they cannot be read or are too many to list.
 */
export async function measureStream(file: string, kind: MediaKind): Promise<MeasuredStream | null> {
  try {
    const { stdout } = await runMedia({
      tool: 'ffprobe',
      args: packetArgs(file, kind === 'video' ? 'v:0' : 'a:0'),
      ...MEASURE_LIMITS,
    });
    return stdout.length >= LISTING_CAP ? null : parsePackets(stdout);
  } catch {
    return null;
  }
}
