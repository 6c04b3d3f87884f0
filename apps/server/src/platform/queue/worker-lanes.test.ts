import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestAdapters } from '../../test/test-adapters';
import { defineJobOf, type Worker } from './queue';
import { createLanedWorker } from './worker-lanes';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

/** This suite's own jobs, queued on a queue of their own. */
const testJobs = {
  'test.video': { payload: z.object({ n: z.number() }), lane: 'media' as const },
  'test.picture': { payload: z.object({}) },
};

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
}

describe('worker lanes', () => {
  let adapters: Adapters;
  let worker: Worker | null = null;
  let release: () => void = () => undefined;

  beforeEach(async () => {
    adapters = await createTestAdapters({ JOB_POLL_MS: '20' });
  });
  afterEach(async () => {
    release();
    await worker?.stop(1000);
    worker = null;
    await adapters.cleanup();
  });

  it('runs a picture job at once while video jobs hold the media lane and more wait', async () => {
    const held = new Promise<void>((r) => (release = r));
    let videosRunning = 0;
    const video = defineJobOf(testJobs, 'test.video', async () => {
      videosRunning++;
      await held;
      videosRunning--;
    });
    const picture = defineJobOf(testJobs, 'test.picture', async () => undefined);
    const queue = adapters.queue.withJobs(testJobs);
    worker = createLanedWorker(queue, [video, picture], { concurrency: 2, mediaConcurrency: 1 });
    worker.start();
    for (let n = 0; n < 3; n++) await queue.enqueue('test.video', { n }, { key: `video:${n}` });
    await until(async () => videosRunning === 1);
    await queue.enqueue('test.picture', {}, { key: 'picture' });
    await until(async () => (await queue.counts('test.picture')).done === 1);
    // The media lane runs one video at a time; the two others wait for it, not for the pictures' slots.
    expect(videosRunning).toBe(1);
    expect((await queue.counts('test.video')).queued).toBe(2);
    release();
    await until(async () => (await queue.counts('test.video')).done === 3);
  });
});
