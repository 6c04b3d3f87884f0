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
