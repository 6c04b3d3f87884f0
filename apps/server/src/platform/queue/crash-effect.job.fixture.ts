import { z } from 'zod';
import { defineJob } from './queue';

/** The job of the crash test; the worker process gives it its real handler. */
export const crashEffectJob = defineJob({
  name: 'test.crash-effect',
  schema: z.object({ orderId: z.string() }),
  handler: async () => {
    throw new Error('Runs only in crash-worker.fixture.ts');
  },
});

export const createCrashEffects =
  'create table if not exists crash_effects (effect_key text primary key, job_id text not null)';
