import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { seedAccounts } from '../../seed/seed-accounts';
import { demoUser } from '../../seed/demo-accounts';
import { drainJobs, jpegPhoto, makeGroupStamp, registerPhotoShooting } from './images.fixtures';
import { imageJobs } from './images.jobs';

const MANAGER = 'manager@demo.forecourt.test';

describe('the stamp pipeline', () => {
  const clock = new TestClock('2026-03-02T10:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let manager: Record<string, string>;
  let stampA: string;
  let stampB: string;
  let jobs: ReturnType<typeof imageJobs>;

  /** A shooting of three photos registered through the API, its pipeline queued but not run. */
  const newShooting = () =>
    registerPhotoShooting(app, manager, {
      userId: demoUser(MANAGER).id,
      stampId: stampA,
      registration: 'GH-456-JK',
      photos: 3,
      width: 640,
      height: 480,
      workflows: ['PHOTO', 'VIDEO'],
    });

  const imagesOf = (shootingId: string) =>
    adapters.db
      .selectFrom('images')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .orderBy('position')
      .orderBy('image_type')
      .execute();
  const statusOf = async (shootingId: string) =>
    await adapters.db
      .selectFrom('shootings')
      .select(['remarketing_status', 'stamp_id'])
      .where('id', '=', shootingId)
      .executeTakeFirstOrThrow();
  const stampedOf = async (shootingId: string) =>
    (await imagesOf(shootingId)).filter((i) => i.image_type === 'STAMPED');

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    manager = await authHeaders(adapters, MANAGER);
    stampA = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Stamp A', width: 320, height: 180 });
    stampB = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Stamp B', width: 480, height: 270 });
    jobs = imageJobs(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('renders one STAMPED image per ORIGINAL with its thumbnail, and walks the status to FINISHED', async () => {
    const { shootingId } = await newShooting();
    expect((await statusOf(shootingId)).remarketing_status).toBe('UPLOADING');
    await drainJobs(adapters, Object.values(jobs));
    expect(await statusOf(shootingId)).toEqual({ remarketing_status: 'FINISHED', stamp_id: stampA });
    const stamped = await stampedOf(shootingId);
    expect(stamped.map((i) => [i.position, i.stamp_id, i.width, i.height])).toEqual([
      [0, stampA, 320, 180],
      [1, stampA, 320, 180],
      [2, stampA, 320, 180],
    ]);
    for (const image of stamped) {
      expect(await sharp((await adapters.blobs.getBuffer(image.blob_key))!).metadata()).toMatchObject({
        format: 'jpeg',
        width: 320,
        height: 180,
      });
      expect(await sharp((await adapters.blobs.getBuffer(image.thumbnail_key!))!).metadata()).toMatchObject({
        format: 'jpeg',
        width: 320,
        height: 180,
      });
      const check = await adapters.db
        .selectFrom('image_verifications')
        .selectAll()
        .where('image_id', '=', image.id)
        .executeTakeFirstOrThrow();
      expect(check).toMatchObject({ kind: 'STAMP', result: 'OK' });
    }
  });

  it('verifies each stored rendering: a damaged one is recorded ERROR, one with a long header still OK', async () => {
    const { shootingId } = await newShooting();
    await drainJobs(adapters, [jobs.stamp]);
    const [damaged, longHeader, intact] = await stampedOf(shootingId);
    // A rendering replaced by an image of another size, and one whose application segments (2 × 60 KB,
    // which decoders skip) come before the frame header: the size is then read past the first bytes.
    await adapters.blobs.put(damaged!.blob_key, await jpegPhoto(200, 100, 9), 'image/jpeg');
    const segment = Buffer.concat([Buffer.from([0xff, 0xef, 60_002 >> 8, 60_002 & 0xff]), Buffer.alloc(60_000, 0x20)]);
    const rendered = (await adapters.blobs.getBuffer(longHeader!.blob_key))!;
    const padded = Buffer.concat([rendered.subarray(0, 2), segment, segment, rendered.subarray(2)]);
    expect(padded.indexOf(Buffer.from([0xff, 0xc0]))).toBeGreaterThan(64 * 1024);
    await adapters.blobs.put(longHeader!.blob_key, padded, 'image/jpeg');
    await drainJobs(adapters, Object.values(jobs));
    const results = await adapters.db
      .selectFrom('image_verifications')
      .select(['image_id', 'result'])
      .where('image_id', 'in', [damaged!.id, longHeader!.id, intact!.id])
      .where('kind', '=', 'STAMP')
      .execute();
    expect(Object.fromEntries(results.map((r) => [r.image_id, r.result]))).toEqual({
      [damaged!.id]: 'ERROR',
      [longHeader!.id]: 'OK',
      [intact!.id]: 'OK',
    });
  });

  it('running a stamp job twice produces each image once', async () => {
    const { shootingId } = await newShooting();
    const run = await adapters.db
      .selectFrom('pipeline_runs')
      .select('id')
      .where('shooting_id', '=', shootingId)
      .executeTakeFirstOrThrow();
    const items = await adapters.db
      .selectFrom('pipeline_run_items')
      .select('source_image_id')
      .where('run_id', '=', run.id)
      .execute();
    const ctx = { jobId: 'twice', attempt: 1, signal: new AbortController().signal };
    await jobs.stamp.handler({ runId: run.id, sourceImageId: items[0]!.source_image_id }, ctx);
    await jobs.stamp.handler({ runId: run.id, sourceImageId: items[0]!.source_image_id }, ctx);
    await drainJobs(adapters, Object.values(jobs));
    await drainJobs(adapters, Object.values(jobs));
    expect((await stampedOf(shootingId)).map((i) => i.position)).toEqual([0, 1, 2]);
    expect(await adapters.queue.getByKey(`images.publish:${run.id}`)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('resumes after a worker died midway, with nothing duplicated or lost', async () => {
    const { shootingId } = await newShooting();
    // The first worker writes the stamped file, then dies before the thumbnail: its job stays leased.
    const dying: BlobStore = Object.create(adapters.blobs) as BlobStore;
    dying.put = async (key, body, type) => {
      if (key.endsWith('-thumb.jpg')) throw new Error('worker killed');
      return adapters.blobs.put(key, body, type);
    };
    const [job] = await adapters.queue.claim('dying-worker', ['images.stamp'], 1);
    const payload = JSON.parse(job!.payload) as { runId: string; sourceImageId: string };
    await expect(
      imageJobs({ ...adapters, blobs: dying }).stamp.handler(payload, {
        jobId: job!.id,
        attempt: 1,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('worker killed');
    expect(await stampedOf(shootingId)).toEqual([]);
    expect((await statusOf(shootingId)).remarketing_status).toBe('AI_PROCESSING');

    // After the lease runs out, the next worker takes the job over and finishes the run.
    clock.advance((adapters.config.JOB_LEASE_SECONDS + 1) * 1000);
    await drainJobs(adapters, Object.values(jobs));
    expect((await stampedOf(shootingId)).map((i) => i.position)).toEqual([0, 1, 2]);
    expect((await statusOf(shootingId)).remarketing_status).toBe('FINISHED');
    const keys = (await stampedOf(shootingId)).map((i) => i.blob_key);
    for (const key of keys) expect(await adapters.blobs.head(key)).not.toBeNull();
  });

  it('restamps every stamped image with the new stamp, then records it on the shooting', async () => {
    const { shootingId, productId } = await newShooting();
    await drainJobs(adapters, Object.values(jobs));
    const before = await stampedOf(shootingId);
    const url = `/api/owners/own-demo-lyon/products/${productId}/shootings/${shootingId}/restamp`;
    const res = await app.inject({ method: 'POST', url, headers: manager, payload: { stampId: stampB } });
    expect(res.statusCode).toBe(202);
    expect((await statusOf(shootingId)).stamp_id).toBe(stampA);
    await drainJobs(adapters, Object.values(jobs));
    expect(await statusOf(shootingId)).toEqual({ remarketing_status: 'FINISHED', stamp_id: stampB });
    const after = await stampedOf(shootingId);
    expect(after.map((i) => [i.id, i.stamp_id, i.width, i.height])).toEqual(
      before.map((i) => [i.id, stampB, 480, 270]),
    );
    const originals = (await imagesOf(shootingId)).filter((i) => i.image_type === 'ORIGINAL');
    expect(originals.map((i) => i.stamp_id)).toEqual([stampB, stampB, stampB]);
    // The previous renderings are gone from the blob store.
    for (const image of before) expect(await adapters.blobs.head(image.blob_key)).toBeNull();
  });

  it('a restamp sent while the first stamping still waits wins, whatever order the jobs finish in', async () => {
    const { shootingId, productId } = await newShooting();
    const url = `/api/owners/own-demo-lyon/products/${productId}/shootings/${shootingId}/restamp`;
    expect((await app.inject({ method: 'POST', url, headers: manager, payload: { stampId: stampB } })).statusCode).toBe(
      202,
    );
    // The first run's jobs come last: the restamp is rendered and published before them.
    const first = await adapters.db
      .selectFrom('pipeline_runs')
      .select('id')
      .where('shooting_id', '=', shootingId)
      .where('kind', '=', 'STAMP')
      .executeTakeFirstOrThrow();
    const later = new Date(clock.now().getTime() + 1000).toISOString();
    await adapters.db
      .updateTable('jobs')
      .set({ run_at: later })
      .where('idempotency_key', 'like', `images.stamp:${first.id}:%`)
      .execute();
    await drainJobs(adapters, Object.values(jobs));
    expect(await statusOf(shootingId)).toEqual({ remarketing_status: 'FINISHED', stamp_id: stampB });
    clock.advance(2000);
    await drainJobs(adapters, Object.values(jobs));
    expect(await adapters.queue.getByKey(`images.publish:${first.id}`)).toMatchObject({ status: 'done' });
    expect(await statusOf(shootingId)).toEqual({ remarketing_status: 'FINISHED', stamp_id: stampB });
    expect((await stampedOf(shootingId)).map((i) => [i.position, i.stamp_id, i.width])).toEqual([
      [0, stampB, 480],
      [1, stampB, 480],
      [2, stampB, 480],
    ]);
  });

  it('restamp needs the restamp option, a stamp of the images format and the shooting in scope', async () => {
    const { shootingId, productId } = await newShooting();
    const url = `/api/owners/own-demo-lyon/products/${productId}/shootings/${shootingId}/restamp`;
    const sales = await authHeaders(adapters, 'sales@demo.forecourt.test');
    expect((await app.inject({ method: 'POST', url, headers: sales, payload: { stampId: stampB } })).statusCode).toBe(
      403,
    );
    const square = await makeGroupStamp(adapters, {
      groupId: 'grp-demo',
      name: 'Four thirds',
      format: '4/3',
      width: 400,
      height: 300,
    });
    const wrongFormat = await app.inject({ method: 'POST', url, headers: manager, payload: { stampId: square } });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().error.message).toBe("The stamp must have the images' format 16/9");
    const other = await authHeaders(adapters, 'other@other-dealer.forecourt.test');
    expect((await app.inject({ method: 'POST', url, headers: other, payload: { stampId: stampB } })).statusCode).toBe(
      404,
    );
  });

  it('POST /api/processes/stamp queues the same work for images named by their URLs', async () => {
    const { shootingId } = await newShooting();
    await drainJobs(adapters, Object.values(jobs));
    const originals = (await imagesOf(shootingId)).filter((i) => i.image_type === 'ORIGINAL');
    const images = await Promise.all(
      originals.map(async (o) => ({
        name: `${o.position}.jpg`,
        url: `http://127.0.0.1:8080${await adapters.blobs.presignGet(o.blob_key, { expiresInSeconds: 60 })}`,
      })),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/processes/stamp',
      headers: manager,
      payload: { stampId: stampB, images },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().runIds).toHaveLength(1);
    await drainJobs(adapters, Object.values(jobs));
    expect((await stampedOf(shootingId)).map((i) => [i.position, i.stamp_id])).toEqual([
      [0, stampB],
      [1, stampB],
      [2, stampB],
    ]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/processes/stamp',
      headers: manager,
      payload: { stampId: stampB, images: [{ name: 'x', url: '/blobs/shootings/nope.jpg' }] },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
