import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import type { JobDefinition } from '../../platform/queue/queue';
import { demoUser } from '../../seed/demo-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { startTestApp } from '../../test/start-test-app';
import type { TestAdapters } from '../../test/test-app';
import { drainJobs, makeGroupStamp, processingStatusOf, registerPhotoShooting } from './images.fixtures';
import { imageJobs } from './images.jobs';

const MANAGER = 'manager@demo.forecourt.test';

describe('a shooting whose pipeline stops on a failure', () => {
  let adapters: TestAdapters;
  let app: App;
  let close: (() => Promise<void>) | undefined;
  let manager: Record<string, string>;
  let stampId: string;
  let jobs: JobDefinition[];

  beforeAll(async () => {
    // One attempt per job, so that a failing job is dead at once, as it is after its five attempts in production.
    ({ adapters, app, close } = await startTestApp({ JOB_MAX_ATTEMPTS: '1' }));
    manager = await authHeaders(adapters, MANAGER);
    stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Stamp', width: 320, height: 180 });
    jobs = Object.values(imageJobs(adapters));
  });
  afterAll(async () => close?.());

  /** Runs every ready job once, as a worker would, failures included. */
  const runJobs = () => drainJobs(adapters, jobs, { keepGoing: true });

  /** Two photos registered through the API; the stored original of the second then damaged on disk. */
  const brokenShooting = async () => {
    const { shootingId, productId } = await registerPhotoShooting(app, manager, {
      userId: demoUser(MANAGER).id,
      stampId,
      registration: 'GH-456-JK',
      photos: 2,
      width: 400,
      height: 300,
    });
    const second = await adapters.db
      .selectFrom('images')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    const good = (await adapters.blobs.getBuffer(second.blob_key))!;
    await adapters.blobs.put(second.blob_key, good.subarray(0, good.length >> 1), 'image/jpeg');
    return {
      path: `/api/owners/own-demo-lyon/products/${productId}/shootings/${shootingId}`,
      shootingId,
      failedImageId: second.id,
      blobKey: second.blob_key,
      good,
    };
  };
  const statusOf = (shootingId: string) => processingStatusOf(adapters, shootingId);

  it('says which picture failed, and a retry once the cause is gone takes the shooting to FINISHED', async () => {
    const s = await brokenShooting();
    await runJobs();
    expect(await statusOf(s.shootingId)).toBe('AI_PROCESSING');
    const state = await app.inject({ method: 'GET', url: `${s.path}/pipeline`, headers: manager });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ failed: true, images: [{ imageId: s.failedImageId, position: 1 }] });

    // Retried while the cause is still there, it fails again and says so again.
    expect((await app.inject({ method: 'POST', url: `${s.path}/pipeline/retry`, headers: manager })).statusCode).toBe(
      204,
    );
    expect((await app.inject({ method: 'GET', url: `${s.path}/pipeline`, headers: manager })).json()).toEqual({
      failed: false,
      images: [],
    });
    await runJobs();
    expect((await app.inject({ method: 'GET', url: `${s.path}/pipeline`, headers: manager })).json()).toEqual(
      state.json(),
    );

    await adapters.blobs.put(s.blobKey, s.good, 'image/jpeg');
    expect((await app.inject({ method: 'POST', url: `${s.path}/pipeline/retry`, headers: manager })).statusCode).toBe(
      204,
    );
    await runJobs();
    expect(await statusOf(s.shootingId)).toBe('FINISHED');
    expect((await app.inject({ method: 'GET', url: `${s.path}/pipeline`, headers: manager })).json()).toEqual({
      failed: false,
      images: [],
    });
  });

  it('removes the failed picture and finishes the shooting with the others', async () => {
    const s = await brokenShooting();
    await runJobs();
    const healthy = await adapters.db
      .selectFrom('images')
      .select('id')
      .where('shooting_id', '=', s.shootingId)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    // Only a failed picture may be removed this way.
    const refused = await app.inject({
      method: 'DELETE',
      url: `${s.path}/pipeline/images/${healthy.id}`,
      headers: manager,
    });
    expect(refused.statusCode).toBe(409);

    const removed = await app.inject({
      method: 'DELETE',
      url: `${s.path}/pipeline/images/${s.failedImageId}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(204);
    expect(await adapters.blobs.head(s.blobKey)).toBeNull();
    await runJobs();
    expect(await statusOf(s.shootingId)).toBe('FINISHED');
    const images = await adapters.db
      .selectFrom('images')
      .select(['position', 'image_type'])
      .where('shooting_id', '=', s.shootingId)
      .orderBy('image_type')
      .execute();
    expect(images).toEqual([
      { position: 0, image_type: 'ORIGINAL' },
      { position: 0, image_type: 'STAMPED' },
    ]);
    expect((await app.inject({ method: 'GET', url: `${s.path}/pipeline`, headers: manager })).json()).toEqual({
      failed: false,
      images: [],
    });
  });

  it("answers 404 for another dealer's shooting", async () => {
    const s = await brokenShooting();
    const other = await authHeaders(adapters, 'other@other-dealer.forecourt.test');
    for (const call of [
      { method: 'GET' as const, url: `${s.path}/pipeline` },
      { method: 'POST' as const, url: `${s.path}/pipeline/retry` },
      { method: 'DELETE' as const, url: `${s.path}/pipeline/images/${s.failedImageId}` },
    ]) {
      expect((await app.inject({ ...call, headers: other })).statusCode).toBe(404);
    }
  });
});
