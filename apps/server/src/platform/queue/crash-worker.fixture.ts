// A worker process for sql-queue.crash.test.ts, on the database its environment names. Its one job
// records an effect keyed by the order, the way a real handler stays idempotent; with HANG_AFTER_EFFECT=1
// it then hangs, so the test can kill the process between the effect and the job's completion.
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { createAdapters } from '../adapters';
import { defineJobOf } from './queue';
import { crashJobs, crashQueue, createCrashEffects } from './crash-effect.job.fixture';
import { SqlWorker } from './sql-worker';

const adapters = await createAdapters(loadConfig());
const hang = process.env.HANG_AFTER_EFFECT === '1';
await sql.raw(createCrashEffects).execute(adapters.db);

const job = defineJobOf(crashJobs, 'test.crash-effect', async ({ orderId }, ctx) => {
  await sql`insert into crash_effects (effect_key, job_id) values (${orderId}, ${ctx.jobId}) on conflict (effect_key) do nothing`.execute(
    adapters.db,
  );
  console.log(`effect recorded on attempt ${ctx.attempt}`);
  if (hang) await new Promise(() => undefined);
});

const worker = new SqlWorker(crashQueue(adapters), [job], { concurrency: 1 });
worker.start();
console.log('worker polling');
process.on('SIGTERM', () => {
  void worker
    .stop(1000)
    .then(() => adapters.close())
    .then(() => process.exit(0));
});
