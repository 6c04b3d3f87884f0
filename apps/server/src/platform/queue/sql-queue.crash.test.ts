import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnTs, type TsProcess } from '../../test/child-process';
import { createTestAdapters } from '../../test/test-adapters';
import { crashQueue, createCrashEffects } from './crash-effect.job.fixture';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-worker.fixture.ts');
const startWorker = (env: Record<string, string>) => spawnTs(fixture, [], env);

describe('a worker killed in the middle of a job', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  const running: TsProcess[] = [];

  beforeEach(async () => {
    adapters = await createTestAdapters();
    await sql.raw(createCrashEffects).execute(adapters.db);
  });
  afterEach(async () => {
    for (const w of running) w.child.kill('SIGKILL');
    await Promise.all(running.map((w) => w.exited));
    await adapters.cleanup();
  });

  it('leaves the job to another worker within the default lease of 15 s, which completes it exactly once', async () => {
    const env = {
      DATA_DIR: adapters.dataDir,
      ...(adapters.config.DATABASE_URL ? { DATABASE_URL: adapters.config.DATABASE_URL } : {}),
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '50',
    };
    const { id } = await crashQueue(adapters).enqueue(
      'test.crash-effect',
      { orderId: 'order-42' },
      { key: 'crash:order-42' },
    );

    const first = startWorker({ ...env, HANG_AFTER_EFFECT: '1' });
    running.push(first);
    await first.printed(/effect recorded on attempt 1/);
    // A second worker polls all along; the first's heartbeat keeps the job from it while the first lives.
    const second = startWorker(env);
    running.push(second);
    await second.printed(/worker polling/);
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await first.exited).toBeNull();
    expect((await adapters.queue.get(id))?.status).toBe('running');

    await second.printed(/effect recorded on attempt 2/);
    // The lease lapses at most 15 s after the last heartbeat, which came at most 5 s before the kill.
    expect(Date.now() - killedAt).toBeLessThan(16_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(await adapters.queue.get(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const effects = await sql<{ effect_key: string }>`select effect_key from crash_effects`.execute(adapters.db);
    expect(effects.rows).toEqual([{ effect_key: 'order-42' }]);
    expect(second.output.filter((l) => l.startsWith('effect recorded'))).toHaveLength(1);
  }, 90_000);
});
