import { describe, expect, it, vi } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { carPhoto, SCENE } from '../../test/car-photo';
import { drainJobs } from '../images/images.fixtures';
import { makeShooting } from '../shootings/shootings.fixtures';
import type * as Segmentation from '../vision/segmentation';
import { marketplacesJobs } from './marketplaces.jobs';
import { useTestApp } from '../../test/test-app';

// The model's masks have their own tests and the rules' accuracy on real photos is `npm run bench -- angles`;
// here the vehicle is the demo car's box, so that the job's storing and the corrections are checked in seconds.
const segmentVehicle = vi.hoisted(() => vi.fn());
vi.mock('../vision/segmentation', async (original) => ({
  ...(await original<typeof Segmentation>()),
  segmentVehicle,
}));
segmentVehicle.mockImplementation(async () => {
  const alpha = Buffer.alloc(SCENE.width * SCENE.height);
  for (let y = 290; y < 498; y++) alpha.fill(255, y * SCENE.width + 180, y * SCENE.width + 620);
  return { ...SCENE, alpha };
});

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const profiles = '/api/settings/groups/grp-demo/marketplace-profiles';

describe('angle recognition where a marketplace orders by angle', () => {
  const ctx = useTestApp();

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, email = SALES, payload?: object) =>
    ctx.app.inject({ method, url, headers: await authHeaders(ctx.adapters, email), payload });
  const angles = async (shootingId: string) =>
    (await call('GET', `/api/shootings/${shootingId}/marketplaces`)).json().angles as {
      position: number;
      angle: string | null;
      corrected: boolean;
    }[];
  const drain = () => drainJobs(ctx.adapters, Object.values(marketplacesJobs(ctx.adapters)));

  it('measures nothing while no profile of the group orders pictures by angle', async () => {
    const { shootingId } = await makeShooting(ctx.adapters, {
      ownerId: 'own-demo-paris',
      images: [{ position: 1, type: 'ORIGINAL', bytes: await carPhoto('rear') }],
    });
    expect((await angles(shootingId))[0]!.angle).toBeNull();
    await drain();
    expect(segmentVehicle).not.toHaveBeenCalled();
    expect((await angles(shootingId))[0]!.angle).toBeNull();
  });

  it('stores the recognised angle, and a person’s correction survives a re-run', async () => {
    const copy = await call('POST', profiles, MANAGER, { baseId: 'leboncoin', name: 'leboncoin (ours)' });
    expect(copy.statusCode).toBe(201);
    const rules = { ...copy.json().rules, lead: 'rear', order: ['front_three_quarter'] };
    expect(
      (await call('PUT', `${profiles}/${copy.json().id}`, MANAGER, { name: 'leboncoin (ours)', rules })).statusCode,
    ).toBe(200);
    const { shootingId } = await makeShooting(ctx.adapters, {
      ownerId: 'own-demo-paris',
      images: [
        { position: 1, type: 'ORIGINAL', bytes: await carPhoto('rear') },
        { position: 1, type: 'STAMPED', bytes: await carPhoto('front') },
        // No plate, a vehicle box no longer than a ¾ view's: left to a person.
        { position: 2, type: 'ORIGINAL', bytes: await carPhoto('interior') },
      ],
    });

    // Readiness finds pictures without an angle and queues their recognition, once per set of pictures.
    expect((await angles(shootingId)).map((a) => a.angle)).toEqual([null, null]);
    const key = `marketplaces.recognise-angles:${shootingId}:1,2`;
    expect((await ctx.adapters.queue.getByKey(key))?.status).toBe('queued');
    // It says so, and the portal asks again until it has run; then it says it no longer is.
    const readiness = async () => (await call('GET', `/api/shootings/${shootingId}/marketplaces`)).json();
    expect((await readiness()).recognising).toBe(true);
    await drain();
    expect((await readiness()).recognising).toBe(false);
    expect(await angles(shootingId)).toEqual([
      { picture: 1, position: 1, angle: 'rear', corrected: false },
      { picture: 2, position: 2, angle: null, corrected: false },
    ]);
    // Measured once: the unknown picture is not queued again by the next reading.
    await angles(shootingId);
    await drain();
    expect(segmentVehicle).toHaveBeenCalledTimes(2);

    const put = await call('PUT', `/api/shootings/${shootingId}/pictures/1/angle`, SALES, {
      angle: 'front_three_quarter',
    });
    expect(put.statusCode).toBe(200);
    // A restamp's publish queues recognition again: the correction is neither measured nor overwritten.
    await ctx.adapters.queue.enqueue('marketplaces.recognise-angles', { shootingId }, { key: `rerun:${shootingId}` });
    await drain();
    expect(segmentVehicle).toHaveBeenCalledTimes(3);
    expect((await angles(shootingId))[0]).toEqual({
      picture: 1,
      position: 1,
      angle: 'front_three_quarter',
      corrected: true,
    });
  });
});
