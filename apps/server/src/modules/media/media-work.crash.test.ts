import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../platform/media/test-media.fixture';
import { authHeaders } from '../../test/auth-helpers';
import { spawnTs, type TsProcess } from '../../test/child-process';
import { useTestApp } from '../../test/test-app';
import { makeShooting } from '../shootings/shootings.fixtures';
import { uploadVehicleVideo } from './media.test-helpers';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../main.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-media-crash-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The children of a process by name, read from /proc; zombies (dead, not yet reaped) are not counted. */
function childrenOf(ppid: number, comm: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, name, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat)!;
      const [state, parent] = rest!.split(' ');
      return name === comm && Number(parent) === ppid && state !== 'Z' ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}
const running = (pid: number) => {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
};
async function until<T>(check: () => T | false | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const workFolders = () => fs.readdirSync(tmp).filter((n) => /^forecourt-media-\d+-/.test(n));

describe('a worker killed during a video job', () => {
  const ctx = useTestApp();
  const started: TsProcess[] = [];
  const startWorker = () => {
    const p = spawnTs(main, ['--role=worker'], {
      DATA_DIR: ctx.adapters.dataDir,
      DATABASE_URL: ctx.adapters.config.DATABASE_URL,
      TMPDIR: tmp,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '50',
      WORKER_NICE: '0',
    });
    started.push(p);
    return p;
  };
  const orphans: number[] = [];
  afterEach(async () => {
    // An ffmpeg that outlived its worker (the failure this suite is about) is not left to run on.
    for (const pid of orphans.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
    for (const p of started.splice(0)) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  });

  beforeAll(async () => {
    const headers = await authHeaders(ctx.adapters, 'other@other-dealer.forecourt.test');
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-other-bordeaux', type: 'VIDEO' });
    // Long enough that its normalisation is still running when the worker is killed.
    const bytes = fs.readFileSync(
      await makeVideo(path.join(tmp, 'vehicle.mp4'), { seconds: 120, width: 640, height: 360 }),
    );
    const reg = await uploadVehicleVideo(ctx.app, headers, shootingId, {
      bytes,
      fileName: 'vehicle.mp4',
      contentType: 'video/mp4',
    });
    expect(reg.statusCode).toBe(201);
  }, 120_000);

  it('takes its ffmpeg with it, and the next start sweeps the work folder it left', async () => {
    const first = startWorker();
    const pid = first.child.pid!;
    const [ffmpeg] = await until(() => {
      const found = childrenOf(pid, 'ffmpeg');
      return found.length > 0 && found;
    }, 60_000).catch((err: unknown) => {
      throw new Error(`${String(err)}; the worker printed:\n${first.output.join('\n')}`);
    });
    orphans.push(ffmpeg!);
    expect(workFolders()).toEqual([expect.stringMatching(new RegExp(`^forecourt-media-${pid}-`))]);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The parent-death signal ends it at once; nothing of it runs on, reparented.
    await until(() => !running(ffmpeg!), 3000);
    expect(workFolders()).toHaveLength(1);

    const second = startWorker();
    await second.printed(/Forecourt worker polling/);
    expect(workFolders().filter((n) => n.startsWith(`forecourt-media-${pid}-`))).toEqual([]);
    // A graceful stop leaves no folder behind either, whatever the job was doing when it came.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(workFolders()).toEqual([]);
    expect(childrenOf(second.child.pid!, 'ffmpeg')).toEqual([]);
  }, 180_000);
});
