import {
  FORECOURT_AUTHORIZATION_HEADER,
  type ImageEdit,
  type PlateCornersResponse,
  type VerificationsResponse,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { authHeaders } from '../../test/auth-helpers';
import type { TestAdapters } from '../../test/test-app';
import { drainJobs } from '../images/images.fixtures';
import { bounds } from '../vision/plate-detector';
import { editingJobs } from './editing.jobs';
import { carPhoto } from '../../test/car-photo';
import { imageBytes, regionDifference, setupEditing, type EditableShooting } from './editing.fixtures';

const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('licence-plate cover through the API', () => {
  let adapters: TestAdapters;
  let app: App;
  let shooting: EditableShooting;
  let manager: Record<string, string>;
  const clipping = (bearer: string) => ({
    authorization: `Basic ${Buffer.from(`${adapters.config.CLIPPING_USER}:${adapters.config.CLIPPING_PASSWORD}`).toString('base64')}`,
    [FORECOURT_AUTHORIZATION_HEADER]: bearer,
  });

  /** POST /vision/v1/plate/corners with the user's bearer only (none when null). */
  const detectPlates = (headers: Record<string, string> | null, imageIds: string[]) =>
    app.inject({
      method: 'POST',
      url: '/vision/v1/plate/corners',
      ...(headers ? { headers: { authorization: headers.authorization! } } : {}),
      payload: { shootingId: shooting.shootingId, imageIds },
    });
  const coverPlates = (imageId: string, headers: Record<string, string>, plates: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/shootings/${shooting.shootingId}/images/${imageId}/licence-plate-cover`,
      headers,
      payload: { plates },
    });
  const somePlate = [
    {
      corners: [
        { x: 1, y: 1 },
        { x: 9, y: 1 },
        { x: 9, y: 4 },
        { x: 1, y: 4 },
      ],
    },
  ];

  beforeAll(async () => {
    ({ adapters, app, shooting, manager } = await setupEditing({
      photos: [await carPhoto('rear'), await carPhoto('side')],
    }));
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('finds the plate of the rear view and none on the side view', async () => {
    const res = await detectPlates(
      manager,
      shooting.images.map((i) => i.stampedId),
    );
    expect(res.statusCode).toBe(200);
    const [rear, side] = res.json<PlateCornersResponse>().images;
    expect(rear).toMatchObject({ imageId: shooting.images[0]!.stampedId, width: 800, height: 600 });
    expect(rear!.plates.length).toBeGreaterThanOrEqual(1);
    expect(side!.plates).toEqual([]);
  });

  it('answers 404 for another dealer and 401 without a token', async () => {
    const imageIds = [shooting.images[0]!.originalId];
    const other = await authHeaders(adapters, OTHER);
    expect((await detectPlates(other, imageIds)).statusCode).toBe(404);
    expect((await detectPlates(null, imageIds)).statusCode).toBe(401);
    const cover = await coverPlates(shooting.images[0]!.originalId, other, somePlate);
    expect(cover.statusCode).toBe(404);
  });

  it('refuses users without the licence-plate-cover option', async () => {
    const res = await coverPlates(shooting.images[0]!.originalId, await authHeaders(adapters, SALES), somePlate);
    expect(res.statusCode).toBe(403);
  });

  it('covers the detected plate, adds ORIGINAL_LPC and STAMPED_LPC, then verifies them', async () => {
    const target = shooting.images[0]!;
    const detected = (await detectPlates(manager, [target.originalId])).json<PlateCornersResponse>().images[0]!;
    const corners = detected.plates[0]!.corners;
    const applied = await coverPlates(target.stampedId, manager, [{ corners }]);
    expect(applied.statusCode).toBe(200);
    const edit = applied.json<ImageEdit>();
    expect(edit).toMatchObject({ status: 'PENDING', imageId: target.originalId, kind: 'LICENSE_PLATE_COVER' });
    expect(edit.error).toBeUndefined();

    await drainJobs(adapters, Object.values(editingJobs(adapters)));
    const done = (
      await app.inject({
        method: 'GET',
        url: `/api/shootings/${shooting.shootingId}/edits/${edit.id}`,
        headers: manager,
      })
    ).json<ImageEdit>();
    expect(done).toMatchObject({ status: 'DONE', imageTypes: ['ORIGINAL_LPC', 'STAMPED_LPC'] });

    const original = (await imageBytes(adapters, shooting.shootingId, 0, 'ORIGINAL'))!;
    const covered = (await imageBytes(adapters, shooting.shootingId, 0, 'ORIGINAL_LPC'))!;
    const stampedCovered = (await imageBytes(adapters, shooting.shootingId, 0, 'STAMPED_LPC'))!;
    const plate = bounds(corners);
    const plateRegion = {
      left: Math.round(plate.x + 2),
      top: Math.round(plate.y + 2),
      width: Math.round(plate.w - 4),
      height: Math.round(plate.h - 4),
    };
    expect(await regionDifference(original, covered, plateRegion)).toBeGreaterThan(25);
    expect(await regionDifference(original, covered, { left: 0, top: 0, width: 200, height: 150 })).toBeLessThan(4);
    expect(await regionDifference(original, stampedCovered, plateRegion)).toBeGreaterThan(25);

    const verified = await app.inject({
      method: 'POST',
      url: `/clipping/api/V1/shootings/${shooting.shootingId}/images/${target.originalId}/verifications`,
      headers: clipping(manager.authorization!),
    });
    expect(verified.statusCode).toBe(200);
    expect(
      verified
        .json<VerificationsResponse>()
        .verifications.map((v) => v.imageType)
        .sort(),
    ).toEqual(['ORIGINAL_LPC', 'STAMPED_LPC']);
    const listed = (
      await app.inject({ method: 'GET', url: `/api/shootings/${shooting.shootingId}/verifications`, headers: manager })
    ).json<VerificationsResponse>();
    expect(listed.verifications).toHaveLength(2);
    const status = await adapters.db
      .selectFrom('shootings')
      .select('remarketing_status')
      .where('id', '=', shooting.shootingId)
      .executeTakeFirstOrThrow();
    expect(status.remarketing_status).toBe('FINISHED');
  }, 60_000);

  it('scopes the clipping verifications to the caller and requires both credentials', async () => {
    const url = `/clipping/api/V1/shootings/${shooting.shootingId}/images/${shooting.images[0]!.originalId}/verifications`;
    const other = await authHeaders(adapters, OTHER);
    expect((await app.inject({ method: 'POST', url, headers: clipping(other.authorization!) })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url,
          headers: { authorization: clipping(manager.authorization!).authorization },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url,
          headers: { ...clipping(manager.authorization!), authorization: 'Basic bm9ib2R5Om5vcGFzc3dvcmQ=' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
