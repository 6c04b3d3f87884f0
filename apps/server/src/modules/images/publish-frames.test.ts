import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { startTestApp } from '../../test/start-test-app';
import type { TestAdapters } from '../../test/test-app';
import { playersJobs } from '../players/players.jobs';
import { drainJobs, makeGroupStamp, processingStatusOf, registerPhotoShooting } from './images.fixtures';
import { imageJobs } from './images.jobs';

const MANAGER = 'manager@demo.forecourt.test';
const WIDTHS = ['480.webp', '768.webp', '1080.webp', '1440.webp', '1920.webp'];

// A link shared while its shooting is still being stamped: the frames are made when the stamping
// publishes, by the worker, not by an API process at the first customer's visit.
describe('player frames after a stamping publishes', () => {
  let adapters: TestAdapters;
  let app: App;
  let close: (() => Promise<void>) | undefined;
  let manager: Record<string, string>;
  let stampId: string;
  let images: ReturnType<typeof imageJobs>;
  let players: ReturnType<typeof playersJobs>;

  const newShooting = async () =>
    (
      await registerPhotoShooting(app, manager, {
        userId: demoUser(MANAGER).id,
        stampId,
        registration: 'FR-118-AM',
        photos: 2,
        width: 640,
        height: 480,
      })
    ).shootingId;
  const share = async (shootingId: string, marketplace: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/shootings/${shootingId}/marketplaces/${marketplace}`,
      headers: manager,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ ref: string }>().ref;
  };
  const statusOf = (shootingId: string) => processingStatusOf(adapters, shootingId);
  const runOf = async (shootingId: string) =>
    adapters.db
      .selectFrom('pipeline_runs')
      .select(['id', 'finished_at'])
      .where('shooting_id', '=', shootingId)
      .executeTakeFirstOrThrow();
  /** The stored variants of the shooting's STAMPED images, by image and width. */
  const stampedVariants = async (shootingId: string) => {
    const rows = await adapters.db
      .selectFrom('image_variants as v')
      .innerJoin('images as i', 'i.id', 'v.image_id')
      .select(['i.position', 'v.variant', 'v.blob_key'])
      .where('i.shooting_id', '=', shootingId)
      .where('i.image_type', '=', 'STAMPED')
      .orderBy('i.position')
      .execute();
    return rows;
  };
  const frameJobs = async () => {
    const c = await adapters.queue.counts('players.prepare-frames');
    return c.queued + c.running + c.done + c.dead;
  };
  const runFrameJobs = () => drainJobs(adapters, Object.values(players));

  beforeAll(async () => {
    ({ adapters, app, close } = await startTestApp());
    manager = await authHeaders(adapters, MANAGER);
    stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Frames stamp', width: 800, height: 450 });
    images = imageJobs(adapters);
    players = playersJobs(adapters);
  });
  afterAll(async () => close?.());

  it('makes the frames of links shared during the stamping once it publishes, without any visit', async () => {
    const shootingId = await newShooting();
    const refs = [await share(shootingId, 'FORECOURT'), await share(shootingId, 'LEBONCOIN')];
    // The share's own job finds the shooting still processing and makes nothing.
    await runFrameJobs();
    expect(await stampedVariants(shootingId)).toEqual([]);
    const before = await frameJobs();

    await drainJobs(adapters, [...Object.values(images), ...Object.values(players)]);
    expect(await statusOf(shootingId)).toBe('FINISHED');
    // One job per link; the second link's job finds every variant made by the first and makes nothing again.
    expect(await frameJobs()).toBe(before + refs.length);
    const made = await stampedVariants(shootingId);
    expect(made.map((v) => `${v.position}/${v.variant.split('/').at(-1)}`).sort()).toEqual(
      [0, 1].flatMap((p) => WIDTHS.map((w) => `${p}/${w}`)).sort(),
    );
    for (const v of made) expect(await adapters.blobs.getBuffer(v.blob_key)).not.toBeNull();

    // A second publish of the same run (a retried job) queues nothing more.
    const run = await runOf(shootingId);
    await images.publish.handler(
      { runId: run.id },
      { jobId: 'again', attempt: 2, signal: new AbortController().signal },
    );
    expect(await frameJobs()).toBe(before + refs.length);
  });

  it('leaves the run unpublished and unqueued when the publish fails midway, then queues once on its retry', async () => {
    const shootingId = await newShooting();
    await share(shootingId, 'FORECOURT');
    await runFrameJobs();
    const before = await frameJobs();
    const crash = vi.spyOn(adapters.queue, 'enqueueAll').mockRejectedValueOnce(new Error('connection lost'));
    try {
      await expect(drainJobs(adapters, Object.values(images))).rejects.toThrow('connection lost');
    } finally {
      crash.mockRestore();
    }
    // Nothing half-written: the run is not finished, the shooting not FINISHED, no frame job queued.
    expect((await runOf(shootingId)).finished_at).toBeNull();
    expect(await statusOf(shootingId)).toBe('PUBLISHING');
    expect(await frameJobs()).toBe(before);

    const run = await runOf(shootingId);
    const ctx = { jobId: 'retry', attempt: 2, signal: new AbortController().signal };
    await images.publish.handler({ runId: run.id }, ctx);
    await images.publish.handler({ runId: run.id }, ctx);
    expect(await statusOf(shootingId)).toBe('FINISHED');
    expect(await frameJobs()).toBe(before + 1);
    await runFrameJobs();
    expect(await stampedVariants(shootingId)).toHaveLength(2 * WIDTHS.length);
  });

  it('queues nothing for a shooting without a shared link', async () => {
    const shootingId = await newShooting();
    const before = await frameJobs();
    await drainJobs(adapters, Object.values(images));
    expect(await statusOf(shootingId)).toBe('FINISHED');
    expect(await frameJobs()).toBe(before);
  });
});
