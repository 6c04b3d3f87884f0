import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What child-process work leaves in the temporary folder: ffmpeg's scratch, a call's tracks, an upload read back. */
export type WorkKind = 'media' | 'recording' | 'upload';

// Named by the process that made them, so a sweep tells a live sibling's (an API process beside a worker)
// from a dead one's.
const OWNED = /^forecourt-(media|recording|upload)-(\d+)-/;

/** A fresh folder for one job's files, named by this process: removed by the job, else by a sweep. */
export const makeWorkFolder = (kind: WorkKind): Promise<string> =>
  fsp.mkdtemp(path.join(os.tmpdir(), `forecourt-${kind}-${process.pid}-`));

/** A path for one file of this process, directly in the temporary folder (swept as a folder is). */
export const workFilePath = (kind: WorkKind, name: string): string =>
  path.join(os.tmpdir(), `forecourt-${kind}-${process.pid}-${name}`);

/** Whether a process of this pid runs (zombies included), whoever's it is. */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes what work of a process that no longer runs left behind (a SIGKILL gives no chance to clean up),
 * and this process's own: called at start, where anything named by this pid is a former process's that
 * had the same pid (a container's), and at stop, once the jobs are over. Answers how many it removed.
 */
export async function sweepWorkFolders(dir = os.tmpdir()): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const pid = Number(OWNED.exec(name)?.[2]);
    if (!pid || (pid !== process.pid && processAlive(pid))) continue;
    await fsp.rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    removed++;
  }
  return removed;
}
