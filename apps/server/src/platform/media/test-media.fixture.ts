import { runMedia } from './media-runner';

/** Small test media made with ffmpeg at test time (never committed). */
const gen = (args: string[]) =>
  runMedia({
    tool: 'ffmpeg',
    args: ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
    timeoutMs: 60_000,
    memoryBytes: 2 * 1024 ** 3,
  });

export async function makeVideo(
  out: string,
  opts: {
    seconds: number;
    width?: number;
    height?: number;
    audio?: boolean;
    container?: 'mp4' | 'mov';
    fps?: number;
    colour?: string;
  },
): Promise<string> {
  const { width = 320, height = 240, fps = 25, colour = 'blue' } = opts;
  await gen([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}:duration=${opts.seconds}`,
    ...(opts.audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${opts.seconds}`] : []),
    '-vf',
    `drawbox=c=${colour}@0.5:t=fill:w=iw/4:h=ih/4`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(opts.audio ? ['-c:a', 'aac', '-b:a', '64k'] : []),
    '-f',
    opts.container ?? 'mp4',
    out,
  ]);
  return out;
}

export async function makeAudio(
  out: string,
  opts: { seconds: number; format: 'mp3' | 'ogg' | 'wav' },
): Promise<string> {
  const codec = { mp3: ['-c:a', 'libmp3lame', '-b:a', '64k'], ogg: ['-c:a', 'libvorbis'], wav: ['-c:a', 'pcm_s16le'] }[
    opts.format
  ];
  await gen([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=44100:duration=${opts.seconds}`,
    ...codec,
    '-f',
    opts.format,
    out,
  ]);
  return out;
}

export async function makeJpeg(out: string): Promise<string> {
  await gen(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:duration=1', '-frames:v', '1', '-f', 'mjpeg', out]);
  return out;
}

/**
 * A video whose few frames are spread over a long time: issue 30's `color=rate=1/36000`, 2 frames over
 * 20 hours in 1.6 KB by default. Normalised at 25 fps it would be 1.8 million frames.
 */
export async function makeSparseVideo(out: string, opts: { seconds?: number; rate?: string } = {}): Promise<string> {
  const { seconds = 72_000, rate = '1/36000' } = opts;
  await gen([
    '-f',
    'lavfi',
    '-i',
    `color=size=320x240:rate=${rate}`,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-f',
    'mp4',
    out,
  ]);
  return out;
}
