import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg the specs make their test media with, chosen as the server chooses its own
 * (apps/server/src/platform/media/media-binaries.ts): Debian's when installed, the npm binary otherwise.
 */
export function ffmpegPath(): string {
  try {
    fs.accessSync('/usr/bin/ffmpeg', fs.constants.X_OK);
    return '/usr/bin/ffmpeg';
  } catch {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
}

/**
 * Writes `file`, a test video as a phone or an admin would send one: H.264 (yuv420p) of ffmpeg's lavfi
 * `picture` source with AAC sound of its lavfi `sound` source; `extra` are more output options (a
 * container, faststart). Used by the e2e specs and the benchmarks alike.
 */
export function writeTestVideo(
  file: string,
  sources: { picture: string; sound: string },
  extra: string[] = [],
  ffmpeg = ffmpegPath(),
): void {
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    sources.picture,
    '-f',
    'lavfi',
    '-i',
    sources.sound,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    ...extra,
    file,
  ]);
}
