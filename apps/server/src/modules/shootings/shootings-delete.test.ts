import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting, type ShootingSpec } from './shootings.fixtures';
import { drainJobs, MANAGER, SALES, setup } from './shootings.test-helpers';

describe('deleting shootings and videos', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t.close());

  const path = (s: { ownerId: string; productId: string; shootingId: string }) =>
    `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`;
  const exists = async (key: string) => (await t.adapters.blobs.head(key)) !== null;
  /** A shooting of the Paris owner with one original image (and its files). */
  const withImage = (spec: Partial<ShootingSpec> = {}) =>
    makeShooting(t.adapters, { ownerId: 'own-demo-paris', images: [{ position: 1, type: 'ORIGINAL' }], ...spec });
  /** DELETE of a shooting, with the deleteSameDayRelatedShootings flag when given. */
  const remove = async (s: Parameters<typeof path>[0], flag?: string, email = MANAGER) =>
    t.app.inject({
      method: 'DELETE',
      url: flag === undefined ? path(s) : `${path(s)}?deleteSameDayRelatedShootings=${flag}`,
      headers: await t.headers(email),
    });
  const shootingRows = (id: string) =>
    t.adapters.db.selectFrom('shootings').select('id').where('id', '=', id).execute();

  it('deletes the shooting, the product’s other shootings of that day, and then their files', async () => {
    const a = await withImage({ createdAt: '2024-05-02T08:00:00.000Z' });
    const sameProduct = { productId: a.productId, registration: a.registration };
    const b = await withImage({ ...sameProduct, createdAt: '2024-05-02T17:00:00.000Z' });
    const nextDay = await withImage({ ...sameProduct, createdAt: '2024-05-03T08:00:00.000Z' });
    await t.adapters.blobs.put(`shootings/${a.shootingId}/stray.bin`, Buffer.from('x'), 'application/octet-stream');

    const res = await remove(a, 'true');
    expect(res.statusCode).toBe(204);
    const left = await t.adapters.db
      .selectFrom('shootings')
      .select('id')
      .where('product_id', '=', a.productId)
      .execute();
    expect(left.map((r) => r.id)).toEqual([nextDay.shootingId]);
    expect(
      await t.adapters.db
        .selectFrom('images')
        .select('id')
        .where('shooting_id', 'in', [a.shootingId, b.shootingId])
        .execute(),
    ).toEqual([]);

    await drainJobs(t.adapters);
    for (const key of [
      a.images[0]!.key,
      a.images[0]!.thumbKey!,
      b.images[0]!.key,
      `shootings/${a.shootingId}/stray.bin`,
    ])
      expect(await exists(key)).toBe(false);
    expect(await exists(nextDay.images[0]!.key)).toBe(true);
  });

  it('finishes the file purge after a crash: the job is queued with the rows gone', async () => {
    const a = await withImage();
    const res = await remove(a, 'true');
    expect(res.statusCode).toBe(204);
    // No worker ran: the files are still there and the job waits for the next start.
    expect(await exists(a.images[0]!.key)).toBe(true);
    const jobs = await t.adapters.queue.counts('shootings.purge-blobs');
    expect(jobs.queued).toBe(1);
    await drainJobs(t.adapters);
    expect(await exists(a.images[0]!.key)).toBe(false);
  });

  it('deletes only the video of a VIDEO shooting without the flag', async () => {
    const v = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lyon',
      type: 'VIDEO',
      videos: [
        { type: 'ORIGINAL', streamer: 'CLOUDFLARE', reference: 'cf1', url: 'https://iframe.videodelivery.net/cf1' },
        { type: 'CONCAT', streamer: 'STAMPYT', blobKey: 'shootings/vid/videos/v.mp4' },
      ],
    });
    const res = await remove(v);
    expect(res.statusCode).toBe(204);
    expect(await shootingRows(v.shootingId)).toHaveLength(1);
    expect(
      await t.adapters.db.selectFrom('videos').select('id').where('shooting_id', '=', v.shootingId).execute(),
    ).toEqual([]);
    await drainJobs(t.adapters);
    expect(await exists('shootings/vid/videos/v.mp4')).toBe(false);
  });

  it('refuses without the useDeleteShooting option and keeps everything', async () => {
    const a = await withImage();
    const res = await remove(a, 'true', SALES);
    expect(res.statusCode).toBe(403);
    expect(await shootingRows(a.shootingId)).toHaveLength(1);
  });

  it('rejects a flag that is not true or false', async () => {
    const a = await makeShooting(t.adapters, { ownerId: 'own-demo-paris' });
    expect((await remove(a, 'yes')).statusCode).toBe(400);
  });
});
