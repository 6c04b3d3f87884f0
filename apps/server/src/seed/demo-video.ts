import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { limitedInvocation } from '../platform/media/media-runner';
import { makeWorkFolder } from '../platform/work-folders';

const run = promisify(execFile);

export const ffmpegVersion = ffmpeg.version;

export const CLIP_SIZE = { width: 1280, height: 720 } as const;
/** What one clip's ffmpeg may take: a few seconds of work, far less than these. */
const CLIP_LIMITS = { timeoutMs: 5 * 60_000, memoryBytes: 2 * 1024 ** 3 };
/** Seconds each picture stays on screen. */
const SECONDS_PER_FRAME = 1;

/**
 * An H.264 MP4 slideshow of the given JPEG frames (CLIP_SIZE), one second each, with a soft chord as
 * soundtrack when `withAudio` (the CONCAT_AUDIO rendering). Made with the ffmpeg binary shipped by npm,
 * started as the media jobs start theirs (`limitedInvocation`): it dies with the server, a SIGKILL
 * during the first start's seeding included, and its folder is a work folder, swept at the next start.
 */
export async function renderSlideshow(frames: Buffer[], withAudio: boolean): Promise<Buffer> {
  const dir = await makeWorkFolder('media');
  try {
    await Promise.all(frames.map((f, i) => fs.writeFile(path.join(dir, `f${String(i).padStart(3, '0')}.jpg`), f)));
    const duration = frames.length * SECONDS_PER_FRAME;
    const out = path.join(dir, 'clip.mp4');
    const audio = withAudio
      ? [
          '-f',
          'lavfi',
          '-i',
          `aevalsrc=0.08*sin(2*PI*220*t)+0.06*sin(2*PI*277.2*t)+0.05*sin(2*PI*329.6*t):s=44100:d=${duration}`,
        ]
      : [];
    const audioCodec = withAudio
      ? ['-c:a', 'aac', '-b:a', '96k', '-af', `afade=t=in:d=0.5,afade=t=out:st=${duration - 1}:d=1`]
      : [];
    const invocation = limitedInvocation(
      {
        tool: 'ffmpeg',
        args: [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-framerate',
          String(1 / SECONDS_PER_FRAME),
          '-i',
          path.join(dir, 'f%03d.jpg'),
          ...audio,
          '-vf',
          `fps=25,scale=${CLIP_SIZE.width}:${CLIP_SIZE.height},format=yuv420p`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '28',
          '-t',
          String(duration),
          ...audioCodec,
          '-movflags',
          '+faststart',
          out,
        ],
        ...CLIP_LIMITS,
      },
      ffmpeg.path,
    );
    await run(invocation.file, invocation.args, { timeout: CLIP_LIMITS.timeoutMs, killSignal: 'SIGKILL' });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** What ffmpeg reads from a file's container: duration in seconds and the codecs of its streams. */
export async function probeMedia(file: string): Promise<{ durationSeconds: number; streams: string[] }> {
  // Without an output ffmpeg exits non-zero after printing the input's description on stderr.
  const stderr = await run(ffmpeg.path, ['-hide_banner', '-i', file]).then(
    (r) => r.stderr,
    (err: { stderr?: string }) => err.stderr ?? '',
  );
  const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  return {
    durationSeconds: m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0,
    streams: [...stderr.matchAll(/Stream #\S+: (Video|Audio): (\w+)/g)].map((s) => `${s[1]!.toLowerCase()}:${s[2]}`),
  };
}
