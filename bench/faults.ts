// `npm run bench -- faults [--users 200] [--minutes 5] [--rounds 3] [--customers 0.4] [--think-ms 1000-4000]
//  [--drain-stall-s 60] [--no-record] [--cpu-prof DIR]`: the load of `bench -- load` on the scale deployment (two API and two
// worker processes, PostgreSQL, S3 behind HAProxy), while each fault is injected `--rounds` times, one at a
// time, spread over the run:
//   api      SIGKILL one API process, started again a second later (as systemd's Restart=always does);
//   worker   SIGKILL the worker holding a running job (mid-job), started again a second later;
//   postgres `pg_ctl restart -m immediate`: every connection dropped, crash recovery;
//   blobs    the S3 store refuses every connection for 10 s (a TCP proxy in front of it resets them);
//   finalise SIGKILL the API process finishing a vehicle video's tus upload (its ffprobe running), started
//            again; the client resumes (HEAD, register) and the upload must be stored and registered;
//   assembly SIGKILL the worker assembling a vehicle video (its ffmpeg running), started again; the job must
//            be done again (bench/lib/media-faults.ts).
// `--kinds finalise,assembly` runs only some of them. After each media kill, no ffmpeg/ffprobe child of the
// killed process may run 5 s later; once the deployment stopped, no work folder (forecourt-media-*) of its
// processes may be left, and no process may name one.
// Afterwards, once the queue is drained (waited for as long as jobs keep finishing: on this 2-core machine
// the two workers stamp a 200-user run's pictures for minutes after the load; the wait ends early only when
// no job finished for --drain-stall-s seconds, and the row says how long it took and how fast they stamped): every shooting whose registration was answered 2xx exists with each
// of its 3 pictures once as ORIGINAL and stamped exactly once (STAMPED), every blob those rows name exists;
// no job dead, due or running; no shooting of the run without its pictures, no product with two of them;
// clients' errors only inside a fault's window (from the injection to 5 s after the recovery; a request in
// flight during a window is inside it, whenever its answer came). Prints what
// was injected and what was lost; the goal is nothing lost and no error outside the windows.
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database';
import { S3BlobStore } from '../apps/server/src/platform/blobs/s3-blob-store';
import { startDeployment, stopOnSignals, type Deployment, type ServerProcess } from './lib/deployment';
import { cpuLine, cpuPerRequestsLine, flag, loadOptionsFromArgv, runLoad, type LoadResult } from './lib/load-run';
import { prepareMediaFaults, type MediaFaults } from './lib/media-faults';
import { emit, recordRow } from './lib/report';

type FaultKind = 'api' | 'worker' | 'postgres' | 'blobs' | 'finalise' | 'assembly';
interface Injection {
  kind: FaultKind;
  what: string;
  start: number;
  /** When the fault was over: the process answered again, PostgreSQL accepted connections, the store healed. */
  recovered: number;
}

const GRACE_MS = 5000;
const BLOB_OUTAGE_MS = 10_000;
const ALL_KINDS: FaultKind[] = ['api', 'worker', 'postgres', 'blobs', 'finalise', 'assembly'];
const KINDS = flag('kinds', ALL_KINDS.join(',')).split(',') as FaultKind[];
if (!KINDS.length || KINDS.some((k) => !ALL_KINDS.includes(k)))
  throw new Error(`--kinds is a comma-separated list of ${ALL_KINDS.join(', ')}`);
const MEDIA_KINDS = KINDS.some((k) => k === 'finalise' || k === 'assembly');
const opts = loadOptionsFromArgv(0);
const rounds = Number(flag('rounds', '3'));
if (!(rounds >= 1)) throw new Error('--rounds is a whole number of at least 1');
const record = !process.argv.includes('--no-record');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAtStart = os.loadavg()[0] ?? 0;

/** The worker process holding a running job, waited for up to a minute (jobs come from the creations). */
async function workerMidJob(
  db: DbHandle,
  workers: ServerProcess[],
): Promise<{ worker: ServerProcess; job: string } | null> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const running = await db.db
      .selectFrom('jobs')
      .select(['id', 'name', 'locked_by'])
      .where('status', '=', 'running')
      .execute()
      .catch(() => []);
    for (const job of running) {
      const pid = Number(job.locked_by?.split(':')[1]);
      const worker = workers.find((w) => w.pid === pid);
      if (worker) return { worker, job: `${job.name} ${job.id}` };
    }
    await sleep(50);
  }
  return null;
}

async function inject(
  kind: FaultKind,
  d: Deployment,
  db: DbHandle,
  round: number,
  media: MediaFaults | null,
): Promise<Injection> {
  const apis = d.processes.filter((p) => p.role === 'api');
  const workers = d.processes.filter((p) => p.role === 'worker');
  switch (kind) {
    case 'api': {
      const p = apis[round % apis.length]!;
      const start = Date.now();
      await p.kill('SIGKILL');
      await sleep(1000);
      await p.start();
      return { kind, what: `SIGKILL ${p.name}, started again`, start, recovered: Date.now() };
    }
    case 'worker': {
      const found = await workerMidJob(db, workers);
      const p = found?.worker ?? workers[round % workers.length]!;
      const start = Date.now();
      await p.kill('SIGKILL');
      await sleep(1000);
      await p.start();
      return {
        kind,
        what: `SIGKILL ${p.name} ${found ? `during ${found.job}` : 'with no job running (none within a minute)'}, started again`,
        start,
        recovered: Date.now(),
      };
    }
    case 'postgres': {
      const start = Date.now();
      await d.pg!.restartImmediate();
      return { kind, what: 'pg_ctl restart -m immediate', start, recovered: Date.now() };
    }
    case 'finalise':
      return { kind, ...(await media!.finalise(apis[round % apis.length]!)) };
    case 'assembly':
      return { kind, ...(await media!.assembly(workers)) };
    case 'blobs': {
      const start = Date.now();
      d.blobProxy!.fail();
      await sleep(BLOB_OUTAGE_MS);
      d.blobProxy!.heal();
      return {
        kind,
        what: `S3 store refusing connections for ${BLOB_OUTAGE_MS / 1000} s`,
        start,
        recovered: Date.now(),
      };
    }
  }
}

/** Jobs due or running: what a drained queue has none of (the next hour's collection is queued ahead). */
const openJobs = (db: DbHandle) =>
  db.db
    .selectFrom('jobs')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'running'),
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', new Date().toISOString())]),
      ]),
    );

interface Drain {
  /** Seconds from the end of the load to an empty queue, or to the last progress when it stalled. */
  seconds: number;
  /** Whether the queue emptied (false: no job finished for --drain-stall-s seconds). */
  emptied: boolean;
  /** Stamped pictures made during the drain, and per second of it. */
  stamped: number;
  stampedPerS: number;
}

const drainStallS = Number(flag('drain-stall-s', '60'));
if (!(drainStallS > 0)) throw new Error('--drain-stall-s is a number of seconds above 0');

/** Open jobs by name and status (due or running), for the drain's progress lines. */
async function openByName(db: DbHandle): Promise<string> {
  const rows = await openJobs(db)
    .select(['name', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['name', 'status'])
    .execute();
  return rows.map((r) => `${r.name} ${r.n} ${r.status}`).join(', ') || 'none';
}

const stampedCount = async (db: DbHandle): Promise<number> =>
  Number(
    (
      await db.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('image_type', '=', 'STAMPED')
        .executeTakeFirst()
    )?.n ?? 0,
  );
const doneCount = async (db: DbHandle): Promise<number> =>
  Number(
    (
      await db.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'done')
        .executeTakeFirst()
    )?.n ?? 0,
  );

/**
 * Waits for the queue to be empty of due and running jobs (retries included) for as long as it makes
 * progress: a backlog the workers stamp slowly on a saturated machine drains, however long it takes, while
 * workers that stopped working (no job finished for --drain-stall-s) end the wait. Prints the open jobs
 * every 10 s, so a stalled queue shows which jobs wait and in which state.
 */
async function drain(db: DbHandle): Promise<Drain> {
  const started = Date.now();
  const stampedAtStart = await stampedCount(db).catch(() => 0);
  let lastDone = -1;
  let progressAt = started;
  let printedAt = 0;
  for (;;) {
    const open = await openJobs(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
      .catch(() => undefined);
    const done = await doneCount(db).catch(() => lastDone);
    if (done !== lastDone) {
      lastDone = done;
      progressAt = Date.now();
    }
    const emptied = open !== undefined && Number(open.n) === 0;
    const stalled = Date.now() - progressAt > drainStallS * 1000;
    if (emptied || stalled || Date.now() - printedAt >= 10_000) {
      printedAt = Date.now();
      console.error(
        `drain +${((Date.now() - started) / 1000).toFixed(0)} s: ${open ? `${open.n} open (${await openByName(db).catch(() => '?')})` : 'database unreachable'}`,
      );
    }
    if (emptied || stalled) {
      const seconds = ((emptied ? Date.now() : progressAt) - started) / 1000;
      const stamped = (await stampedCount(db).catch(() => stampedAtStart)) - stampedAtStart;
      return {
        seconds: Math.round(seconds),
        emptied,
        stamped,
        stampedPerS: seconds > 0 ? Math.round((stamped / seconds) * 10) / 10 : 0,
      };
    }
    await sleep(1000);
  }
}

interface Losses {
  missingShootings: string[];
  badPictures: string[];
  missingBlobs: string[];
  deadJobs: string[];
  stuckJobs: string[];
  halfWritten: string[];
  duplicated: string[];
}

/** The deployment's bucket, read by the checks. */
const benchBlobs = (d: Deployment) =>
  new S3BlobStore({
    bucket: 'forecourt-bench',
    region: 'us-east-1',
    endpoint: d.s3Endpoint!,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

async function check(d: Deployment, db: DbHandle, result: LoadResult): Promise<Losses> {
  const losses: Losses = {
    missingShootings: [],
    badPictures: [],
    missingBlobs: [],
    deadJobs: [],
    stuckJobs: [],
    halfWritten: [],
    duplicated: [],
  };
  const blobs = benchBlobs(d);
  for (const c of result.created) {
    const shooting = await db.db.selectFrom('shootings').select('id').where('id', '=', c.shootingId).executeTakeFirst();
    if (!shooting) {
      losses.missingShootings.push(c.shootingId);
      continue;
    }
    const images = await db.db
      .selectFrom('images')
      .select(['id', 'position', 'image_type', 'blob_key'])
      .where('shooting_id', '=', c.shootingId)
      .execute();
    for (const position of new Set([0, 1, 2, ...images.map((i) => i.position)])) {
      const at = images.filter((i) => i.position === position);
      const originals = at.filter((i) => i.image_type === 'ORIGINAL').length;
      const stamped = at.filter((i) => i.image_type === 'STAMPED').length;
      if (originals !== 1 || stamped !== 1)
        losses.badPictures.push(`${c.shootingId} picture ${position}: ${originals} ORIGINAL, ${stamped} STAMPED`);
    }
    for (const i of images)
      if (!(await blobs.head(i.blob_key))) losses.missingBlobs.push(`${i.image_type} ${i.id} (${i.blob_key})`);
  }
  const dead = await db.db
    .selectFrom('jobs')
    .select(['id', 'name', 'status', 'last_error'])
    .where('status', '=', 'dead')
    .execute();
  const stuck = await openJobs(db).select(['id', 'name', 'status', 'last_error']).execute();
  for (const j of [...dead, ...stuck])
    (j.status === 'dead' ? losses.deadJobs : losses.stuckJobs).push(
      `${j.name} ${j.id} ${j.status}${j.last_error ? `: ${j.last_error.slice(0, 120)}` : ''}`,
    );
  // The run's shootings (registrations LD-…): none without pictures, none twice for one product.
  const runShootings = await db.db
    .selectFrom('shootings')
    .leftJoin('images', 'images.shooting_id', 'shootings.id')
    .select(['shootings.id', 'shootings.product_id', sql<number>`count(images.id)`.as('n')])
    .where('shootings.registration', 'like', 'LD-%')
    .groupBy(['shootings.id', 'shootings.product_id'])
    .execute();
  for (const s of runShootings) if (Number(s.n) === 0) losses.halfWritten.push(`shooting ${s.id} without pictures`);
  const perProduct = new Map<string, number>();
  for (const s of runShootings) perProduct.set(s.product_id, (perProduct.get(s.product_id) ?? 0) + 1);
  for (const [product, n] of perProduct) if (n > 1) losses.duplicated.push(`product ${product}: ${n} shootings`);
  return losses;
}

let deployment: Deployment | null = null;
let db: DbHandle | null = null;
let media: MediaFaults | null = null;
let stopped = false;
stopOnSignals(() => deployment);
let failed = true;
try {
  deployment = await startDeployment('scale', { faultProxy: true });
  const d = deployment;
  db = await openDatabase(d.database);
  const handle = db;
  media = MEDIA_KINDS ? await prepareMediaFaults(d, handle, benchBlobs(d)) : null;
  const mediaFaults = media;
  console.error(
    `scale deployment up at ${d.baseUrl} (folder ${d.dir}); ${opts.users} users for ${opts.minutes} min, ${rounds} round(s) of ${KINDS.join(', ')}`,
  );
  const injections: Injection[] = [];
  let runStart = Date.now();
  const result = await runLoad(d, opts, async (until) => {
    runStart = Date.now();
    const warmup = Math.min(15_000, (until - Date.now()) / 10);
    await sleep(warmup);
    const slots = rounds * KINDS.length;
    for (let round = 0; round < rounds; round++) {
      for (const kind of KINDS) {
        const left = slots - injections.length;
        const slot = Math.max(0, (until - Date.now() - 10_000) / left);
        const began = Date.now();
        const injection = await inject(kind, d, handle, round, mediaFaults);
        mediaFaults?.notePids();
        injections.push(injection);
        console.error(
          `injected at +${((injection.start - began) / 1000 + (began - runStart) / 1000).toFixed(1)} s: ${injection.what} (recovered in ${((injection.recovered - injection.start) / 1000).toFixed(1)} s)`,
        );
        await sleep(Math.max(GRACE_MS, slot - (Date.now() - began)));
      }
    }
  });
  const drained = await drain(handle);
  console.error(
    `drain: ${drained.emptied ? 'queue empty' : `no job finished for ${drainStallS} s`} after ${drained.seconds} s; ${drained.stamped} pictures stamped meanwhile (${drained.stampedPerS}/s)`,
  );
  const losses = await check(d, handle, result);
  const mediaLosses = mediaFaults ? await mediaFaults.check() : null;
  // Stopped here (gracefully, as systemd stops it) so that what its processes leave behind is looked at.
  await handle.close();
  db = null;
  await d.stop();
  stopped = true;
  const leftAfterStop = mediaFaults?.afterStop() ?? { workFolders: [], orphans: [] };
  const mediaLost = mediaLosses
    ? {
        uploadsLost: mediaLosses.uploadsLost,
        assembliesLost: mediaLosses.assembliesLost,
        orphans: [...mediaLosses.orphans, ...leftAfterStop.orphans],
        workFolders: leftAfterStop.workFolders,
        missedKills: mediaLosses.missed,
      }
    : {};
  const inWindow = (at: number) => injections.some((i) => at >= i.start && at <= i.recovered + GRACE_MS);
  // A request belongs to a fault when it was in flight during the fault's window, not only when its answer
  // came within it: one sent before the recovery and answered after the grace (it waited on the database's
  // connection timeout, or in the load balancer's queue) failed because of the fault.
  const overlapsWindow = (e: { at: number; ms: number }, i: Injection) =>
    e.at >= i.start && e.at - e.ms <= i.recovered + GRACE_MS;
  const erredInWindow = (e: { at: number; ms: number }) => injections.some((i) => overlapsWindow(e, i));
  const outside = result.recorder.errors.filter((e) => !erredInWindow(e));
  const inside = result.recorder.errors.length - outside.length;
  const failuresOutside = result.recorder.failures.filter((f) => !inWindow(f.at));
  for (const i of injections)
    emit({
      benchmark: 'faults',
      injected: i.kind,
      what: i.what,
      recoveredS: Math.round((i.recovered - i.start) / 100) / 10,
    });
  const lost = [...Object.values(losses), ...Object.values(mediaLost)].reduce((n, l) => n + l.length, 0);
  emit({
    benchmark: 'faults',
    drainS: drained.seconds,
    drainEmptied: drained.emptied,
    drainStamped: drained.stamped,
    stampedPerS: drained.stampedPerS,
  });
  emit({
    benchmark: 'faults',
    users: opts.users,
    minutes: opts.minutes,
    created: result.created.length,
    errorsInWindows: inside,
    errorsOutside: outside.length,
    failuresAfterRetries: result.recorder.failures.length,
    failuresOutside: failuresOutside.length,
    ...Object.fromEntries(Object.entries({ ...losses, ...mediaLost }).map(([k, v]) => [k, v.length])),
  });
  for (const [k, list] of Object.entries({ ...losses, ...mediaLost }))
    for (const item of list.slice(0, 10)) console.error(`lost (${k}): ${item}`);
  for (const e of result.recorder.errors.filter(erredInWindow).slice(0, 20))
    console.error(
      `error inside a fault window at +${((e.at - result.started) / 1000).toFixed(1)} s: ${e.route} ${e.detail.slice(0, 160)}`,
    );
  for (const e of outside.slice(0, 20))
    console.error(
      `error outside the fault windows at +${((e.at - result.started) / 1000).toFixed(1)} s (sent ${e.ms} ms before): ${e.route} ${e.detail}`,
    );
  const byKind = (kind: FaultKind) => {
    const windows = injections.filter((i) => i.kind === kind);
    return result.recorder.errors.filter((e) => windows.some((i) => overlapsWindow(e, i))).length;
  };
  const goalMet = lost === 0 && outside.length === 0 && injections.length === rounds * KINDS.length;
  emit({ benchmark: 'faults', lost, goalMet });
  console.error(cpuLine(result.processes, result.cpu));
  console.error(cpuPerRequestsLine(result.processes, result.cpu, result.requests));
  if (record) {
    recordRow(
      'faults',
      [
        `scale deployment (${d.blobStore}), ${opts.users} users × ${opts.minutes} min, ${rounds} × each of ${KINDS.join(', ')} (${injections.length} injections)`,
        `recovery: ${KINDS.map(
          (k) =>
            `${k} ${injections
              .filter((i) => i.kind === k)
              .map((i) => ((i.recovered - i.start) / 1000).toFixed(1))
              .join('/')} s`,
        ).join(', ')}`,
        `client errors inside the windows: ${KINDS.map((k) => `${k} ${byKind(k)}`).join(', ')}; outside: ${outside.length}; failures after the portal's retries ${result.recorder.failures.length} (${failuresOutside.length} outside)`,
        `drain after the load: ${drained.emptied ? 'queue empty' : `stalled (no job finished for ${drainStallS} s)`} in ${drained.seconds} s, ${drained.stamped} pictures stamped meanwhile (${drained.stampedPerS}/s)`,
        `${result.created.length} shootings answered 2xx: ${losses.missingShootings.length} missing, ${losses.badPictures.length} pictures not stamped exactly once, ${losses.missingBlobs.length} blobs missing; jobs ${losses.deadJobs.length} dead, ${losses.stuckJobs.length} stuck; ${losses.halfWritten.length} half-written, ${losses.duplicated.length} duplicated`,
        ...(mediaLosses
          ? [
              `media: ${injections.filter((i) => i.kind === 'finalise').length} upload(s) with their API killed during finalisation, ${injections.filter((i) => i.kind === 'assembly').length} assembly(ies) with their worker killed (${mediaLost.missedKills!.length} kill(s) missed); uploads lost ${mediaLost.uploadsLost!.length}, assemblies not done again ${mediaLost.assembliesLost!.length}, orphaned ffmpeg/ffprobe ${mediaLost.orphans!.length}, work folders left after the stop ${mediaLost.workFolders!.length}`,
            ]
          : []),
        `1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores at the start; ${cpuLine(result.processes, result.cpu)}`,
      ].join(' — '),
      goalMet,
    );
  }
  // The servers' logs are kept when something was lost, to find out why.
  failed = lost > 0 || outside.length > 0;
} finally {
  await db?.close();
  if (!stopped) await deployment?.stop();
  media?.cleanup();
  if (deployment && !failed) {
    const { rmSync } = await import('node:fs');
    rmSync(deployment.dir, { recursive: true, force: true });
  } else if (deployment) {
    console.error(`Logs kept in ${deployment.dir}`);
  }
}
