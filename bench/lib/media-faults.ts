// The faults bench's media rounds (issue 30): a vehicle video uploaded through the tus route while
//   finalise  the API process finishing the upload (its ffprobe running) is SIGKILLed, then started again;
//             the client then does what a tus client does (HEAD, the rest if any, register) and the upload
//             must be stored, byte for byte, and registered;
//   assembly  the worker running the vehicle video's `media.assemble` (its ffmpeg running) is SIGKILLed,
//             then started again; the job must be done again by a worker (poster made).
// Each kill is followed by a look at the killed process's ffmpeg/ffprobe children: any still running after
// 5 s is an orphan. At the end (the deployment stopped), no work folder of any of the deployment's processes
// may be left in the temporary folder, and no process may still name one.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Adapters } from '../../apps/server/src/platform/adapters';
import type { BlobStore } from '../../apps/server/src/platform/blobs/blob-store';
import type { DbHandle } from '../../apps/server/src/platform/db/database';
import { mediaBinaries } from '../../apps/server/src/platform/media/media-binaries';
import { makeShooting } from '../../apps/server/src/modules/shootings/shootings.fixtures';
import { writeTestVideo } from '../../e2e/support/ffmpeg';
import { API_KEY, type Deployment, type ServerProcess } from './deployment';
import { Recorder } from './load-recorder';
import { StaffSession } from './load-users';
import { descendantsOf, processesNaming, stillRunning, type ProcEntry } from './proc-tree';

const MEDIA_CHILDREN = ['ffmpeg', 'ffprobe', 'setpriv', 'prlimit'] as const;
const WORK_FOLDER = /^forecourt-(media|recording|upload)-(\d+)-/;
const ORPHAN_WAIT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MediaRound {
  what: string;
  start: number;
  recovered: number;
}

export interface MediaLosses {
  /** Uploads whose bytes did not end up stored and registered. */
  uploadsLost: string[];
  /** Vehicle videos whose assembly was not done again after the kill. */
  assembliesLost: string[];
  /** ffmpeg/ffprobe children of a killed process still running 5 s after the kill, or naming a dead one's folder. */
  orphans: string[];
  /** Work folders of the deployment's processes left once it stopped. */
  workFolders: string[];
  /** Rounds whose kill found no media child to kill under (the work was over, or not begun, in time). */
  missed: string[];
}

export interface MediaFaults {
  finalise(api: ServerProcess): Promise<MediaRound>;
  assembly(workers: ServerProcess[]): Promise<MediaRound>;
  /** Notes the pids the deployment's processes have now (each start makes a new one). */
  notePids(): void;
  /** After the drain: what was lost. */
  check(): Promise<Omit<MediaLosses, 'workFolders'>>;
  /** Once the deployment has stopped: the work folders and processes its processes left. */
  afterStop(): { workFolders: string[]; orphans: string[] };
  cleanup(): void;
}

/** A 1280x720 test video with sound: seconds of work for ffmpeg's house copy on this machine. */
function makeVehicleVideo(dir: string): Buffer {
  const file = path.join(dir, 'vehicle.mp4');
  writeTestVideo(
    file,
    { picture: 'testsrc2=s=1280x720:r=25:d=40', sound: 'sine=f=440:d=40' },
    ['-movflags', '+faststart'],
    mediaBinaries().ffmpeg,
  );
  return fs.readFileSync(file);
}

export async function prepareMediaFaults(d: Deployment, db: DbHandle, blobs: BlobStore): Promise<MediaFaults> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-faults-media-'));
  const video = makeVehicleVideo(dir);
  const manager = new StaffSession(
    { baseUrl: d.baseUrl, apiKey: API_KEY, recorder: new Recorder() },
    'manager@demo.forecourt.test',
    true,
  );
  await manager.signIn();
  // The shootings are made as the tests make them (rows only): the bench is about what follows.
  const fixtureDeps = {
    db: db.db,
    blobs,
    ids: { uuid: () => randomUUID() },
    clock: { now: () => new Date() },
  } as unknown as Adapters;
  const pids = new Set<number>();
  const uploaded: { shootingId: string; what: string }[] = [];
  const assembled: { shootingId: string; what: string }[] = [];
  const losses: Omit<MediaLosses, 'workFolders'> = { uploadsLost: [], assembliesLost: [], orphans: [], missed: [] };

  const notePids = () => {
    for (const p of d.processes) if (p.pid) pids.add(p.pid);
  };
  notePids();

  /** Kills `p` once one of its media children runs (or `done` settles first: then not killed), and looks for orphans. */
  async function killDuringMedia(p: ServerProcess, done: Promise<unknown>, what: string): Promise<ProcEntry[] | null> {
    let settled = false;
    void done.finally(() => (settled = true)).catch(() => undefined);
    const deadline = Date.now() + 180_000;
    let children: ProcEntry[] = [];
    while (!settled && Date.now() < deadline) {
      // Killed once ffmpeg or ffprobe itself runs (setpriv and prlimit exec into it), not while it starts.
      const under = descendantsOf(p.pid!).filter((c) => (MEDIA_CHILDREN as readonly string[]).includes(c.comm));
      if (under.some((c) => c.comm === 'ffmpeg' || c.comm === 'ffprobe')) {
        children = under;
        break;
      }
      await sleep(5);
    }
    if (!children.length) {
      losses.missed.push(`${what}: no ffmpeg or ffprobe seen under ${p.name} before its work ended`);
      return null;
    }
    await p.kill('SIGKILL');
    await sleep(ORPHAN_WAIT_MS);
    for (const c of children)
      if (stillRunning(c.pid, MEDIA_CHILDREN))
        losses.orphans.push(
          `${what}: ${c.comm} ${c.pid} still running ${ORPHAN_WAIT_MS / 1000} s after ${p.name}'s kill`,
        );
    return children;
  }

  /** The `media.assemble` job of a shooting (payloads are JSON text or JSON, by database). */
  async function assembleJobOf(shootingId: string) {
    const jobs = await db.db
      .selectFrom('jobs')
      .select(['status', 'locked_by', 'payload'])
      .where('name', '=', 'media.assemble')
      .execute();
    return jobs.find((j) =>
      (typeof j.payload === 'string' ? j.payload : JSON.stringify(j.payload)).includes(shootingId),
    );
  }

  const json = async (res: Response) => (await res.json().catch(() => ({}))) as Record<string, unknown>;

  /** Grants and sends the vehicle video of a new VIDEO shooting to `base`, all but its last MB. */
  async function startUpload(base: string) {
    const { shootingId } = await makeShooting(fixtureDeps, { ownerId: 'own-demo-paris', type: 'VIDEO' });
    const headers = await manager.headers();
    const grant = await fetch(`${base}/api/shootings/${shootingId}/videos/generate_presigned_urls`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: `faults-${shootingId}.mp4`, size: video.length, contentType: 'video/mp4' }),
    });
    if (grant.status !== 201) throw new Error(`grant: ${grant.status} ${JSON.stringify(await json(grant))}`);
    const { presignedUrl, url } = (await grant.json()) as { presignedUrl: string; url: string };
    const patch = (at: string, offset: number, end: number) =>
      fetch(`${at}${presignedUrl}`, {
        method: 'PATCH',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(video.subarray(offset, end)),
      });
    const last = video.length - 1024 * 1024;
    const first = await patch(base, 0, last);
    if (first.status !== 204) throw new Error(`first PATCH: ${first.status}`);
    return { shootingId, presignedUrl, url, patch, last, headers };
  }

  /** What a tus client does after losing its last answer: HEAD, the rest from there, then register (retried). */
  async function completeAndRegister(u: Awaited<ReturnType<typeof startUpload>>, what: string): Promise<boolean> {
    const deadline = Date.now() + 120_000;
    let detail = '';
    while (Date.now() < deadline) {
      try {
        const headers = await manager.headers();
        const head = await fetch(`${d.baseUrl}${u.presignedUrl}`, {
          method: 'HEAD',
          headers: { ...headers, 'tus-resumable': '1.0.0' },
        });
        const offset = Number(head.headers.get('upload-offset'));
        if (head.status === 200 && offset < video.length) {
          const rest = await u.patch(d.baseUrl, offset, video.length);
          detail = `PATCH from ${offset}: ${rest.status}`;
          if (rest.status !== 204) throw new Error(detail);
        } else if (head.status !== 200) throw new Error((detail = `HEAD ${head.status}`));
        const reg = await fetch(`${d.baseUrl}/api/shootings/${u.shootingId}/videos`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ url: u.url }),
        });
        if (reg.status === 201) return true;
        detail = `register ${reg.status} ${JSON.stringify(await json(reg)).slice(0, 200)}`;
      } catch (err) {
        detail ||= (err as Error).message;
      }
      await sleep(1000);
    }
    losses.uploadsLost.push(`${what}: ${detail}`);
    return false;
  }

  return {
    notePids,

    async finalise(api) {
      const u = await startUpload(`http://127.0.0.1:${api.port}`);
      const start = Date.now();
      const lastPatch = u.patch(`http://127.0.0.1:${api.port}`, u.last, video.length);
      const what = `upload of shooting ${u.shootingId}`;
      const children = await killDuringMedia(api, lastPatch, what);
      await lastPatch.catch(() => undefined);
      if (children) {
        await api.start();
        notePids();
      }
      const recovered = Date.now();
      if (await completeAndRegister(u, what)) uploaded.push({ shootingId: u.shootingId, what });
      return {
        what: children
          ? `SIGKILL ${api.name} during an upload's finalisation (${children.map((c) => c.comm).join(', ')} running), started again; the client resumed and registered`
          : `${api.name}: the upload's finalisation ended before a child was seen (not killed)`,
        start,
        recovered,
      };
    },

    async assembly(workers) {
      const u = await startUpload(d.baseUrl);
      const last = await u.patch(d.baseUrl, u.last, video.length);
      const what = `assembly of shooting ${u.shootingId}`;
      if (last.status !== 204 || !(await completeAndRegister(u, what)))
        return { what: `${what}: the upload failed`, start: Date.now(), recovered: Date.now() };
      // The worker that claims this shooting's assembly.
      const deadline = Date.now() + 120_000;
      let holder: ServerProcess | undefined;
      while (!holder && Date.now() < deadline) {
        const job = await assembleJobOf(u.shootingId);
        const pid = job?.status === 'running' ? Number(job.locked_by?.split(':')[1]) : NaN;
        holder = workers.find((w) => w.pid === pid);
        if (!holder) await sleep(20);
      }
      assembled.push({ shootingId: u.shootingId, what });
      const start = Date.now();
      if (!holder) {
        losses.missed.push(`${what}: no worker ran it within 2 min`);
        return { what: `${what}: not claimed within 2 min (not killed)`, start, recovered: Date.now() };
      }
      const done = (async () => {
        while ((await assembleJobOf(u.shootingId))?.status === 'running') await sleep(50);
      })();
      const children = await killDuringMedia(holder, done, what);
      if (children) {
        await holder.start();
        notePids();
      }
      return {
        what: children
          ? `SIGKILL ${holder.name} during a vehicle video's assembly (${children.map((c) => c.comm).join(', ')} running), started again`
          : `${holder.name}: the assembly ended before a child was seen (not killed)`,
        start,
        recovered: Date.now(),
      };
    },

    async check() {
      for (const u of uploaded) {
        const row = await db.db
          .selectFrom('videos')
          .select(['blob_key', 'poster_key'])
          .where('shooting_id', '=', u.shootingId)
          .where('video_type', '=', 'ORIGINAL')
          .executeTakeFirst();
        const stored = row?.blob_key ? await blobs.head(row.blob_key) : null;
        if (stored?.size !== video.length)
          losses.uploadsLost.push(`${u.what}: ${row ? `stored ${stored?.size ?? 'nothing'}` : 'no video row'}`);
      }
      for (const a of assembled) {
        const row = await db.db
          .selectFrom('videos')
          .select('poster_key')
          .where('shooting_id', '=', a.shootingId)
          .where('video_type', '=', 'ORIGINAL')
          .executeTakeFirst();
        if (!row?.poster_key) losses.assembliesLost.push(`${a.what}: not done after the kill (no poster)`);
      }
      return losses;
    },

    afterStop() {
      const workFolders = fs
        .readdirSync(os.tmpdir())
        .filter((name) => pids.has(Number(WORK_FOLDER.exec(name)?.[2])))
        .map((name) => path.join(os.tmpdir(), name));
      const orphans = processesNaming([...pids].map((pid) => `forecourt-media-${pid}-`)).map(
        (p) => `${p.comm} ${p.pid} names a work folder of the deployment after it stopped`,
      );
      return { workFolders, orphans };
    },

    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
