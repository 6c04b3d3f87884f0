import fs from 'node:fs';
import { createRequire } from 'node:module';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** 'system' for Debian's maintained build, 'npm' for the binaries shipped in node_modules. */
  source: 'system' | 'npm';
}

const SYSTEM = { ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' };

let resolved: MediaBinaries | null = null;

/**
 * Debian's ffmpeg package (security-maintained) when it is installed; the npm binaries otherwise, so
 * `npm install && npm start` still works on a machine without it. The npm ffmpeg is a 2018 build: only a
 * fallback. The npm packages are required lazily, only when the system has no ffmpeg.
 */
export function mediaBinaries(): MediaBinaries {
  if (resolved) return resolved;
  const executable = (p: string) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (executable(SYSTEM.ffmpeg) && executable(SYSTEM.ffprobe)) {
    resolved = { ...SYSTEM, source: 'system' };
  } else {
    const require = createRequire(import.meta.url);
    resolved = {
      ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
      ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
      source: 'npm',
    };
  }
  return resolved;
}
