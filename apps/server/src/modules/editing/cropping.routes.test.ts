import {
  FORECOURT_AUTHORIZATION_HEADER,
  type AddedImages,
  type ImageEdit,
  type VerificationsResponse,
} from '@forecourt/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { authHeaders } from '../../test/auth-helpers';
import type { TestAdapters } from '../../test/test-app';
import { drainJobs } from '../images/images.fixtures';
import { editingJobs } from './editing.jobs';
import { carPhoto } from '../../test/car-photo';
import { blueSet, imageBytes, regionDifference, setupEditing, type EditableShooting } from './editing.fixtures';

const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('cropping through the API', () => {
  let adapters: TestAdapters;
  let app: App;
  let shooting: EditableShooting;
  let manager: Record<string, string>;

  beforeAll(async () => {
    ({ adapters, app, shooting, manager } = await setupEditing({
      photos: [await carPhoto('side'), await carPhoto('front34'), await carPhoto('rear')],
      cropping: { type: 'CROPPING', background: await blueSet(), blurringValue: 4 },
    }));
    // The third picture's file is damaged after registration.
    const broken = await adapters.db
      .selectFrom('images')
      .select('blob_key')
      .where('id', '=', shooting.images[2]!.originalId)
      .executeTakeFirstOrThrow();
    await adapters.blobs.put(broken.blob_key, Buffer.from('this is not a picture'), 'image/jpeg');
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const crop = (headers: Record<string, string>, imageId: string, path = '/vision/v1/processes/crop') =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: headers.authorization! },
      payload: { shootingId: shooting.shootingId, imageId },
    });

  it('refuses users without the cropping option, other dealers, and a cropping type the stamp is not configured for', async () => {
    expect((await crop(await authHeaders(adapters, SALES), shooting.images[0]!.originalId)).statusCode).toBe(403);
    expect((await crop(await authHeaders(adapters, OTHER), shooting.images[0]!.originalId)).statusCode).toBe(404);
    const wrongType = await crop(manager, shooting.images[0]!.originalId, '/vision/v1/processes/crop-fading');
    expect(wrongType.statusCode).toBe(400);
  });

  it('crops each picture on the stamp background, reports the broken one, adds and verifies the others', async () => {
    const edits: ImageEdit[] = [];
    for (const image of shooting.images) {
      const res = await crop(manager, image.stampedId);
      expect(res.statusCode).toBe(200);
      edits.push(res.json<ImageEdit>());
    }
    await drainJobs(adapters, Object.values(editingJobs(adapters)));
    const states = await Promise.all(
      edits.map(async (e) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/shootings/${shooting.shootingId}/edits/${e.id}`,
            headers: manager,
          })
        ).json<ImageEdit>(),
      ),
    );
    expect(states.map((s) => s.status)).toEqual(['DONE', 'DONE', 'ERROR']);
    expect(states[2]!.error).toMatch(/damaged|could not be read/);

    const added = await app.inject({
      method: 'POST',
      url: `/api/shootings/${shooting.shootingId}/images`,
      headers: manager,
      payload: { editIds: edits.map((e) => e.id) },
    });
    expect(added.statusCode).toBe(200);
    const results = added.json<AddedImages>().results;
    expect(results[0]!.imageTypes.sort()).toEqual([
      'BACKGROUND_CROPPED',
      'ORIGINAL_CROPPED',
      'ORIGINAL_CROPPED_NO_SHADOW',
      'STAMPED_CROPPED',
    ]);
    expect(results[1]!.error).toBeUndefined();
    expect(results[2]).toMatchObject({ imageTypes: [] });
    expect(results[2]!.error).toMatch(/\S/);

    // The showroom wall in the top corner became the stamp's blue background; the red car stands on the
    // set's floor in the middle, composed at the stamp's size.
    const original = (await imageBytes(adapters, shooting.shootingId, 0, 'ORIGINAL'))!;
    const cropped = (await imageBytes(adapters, shooting.shootingId, 0, 'ORIGINAL_CROPPED'))!;
    expect(await sharp(cropped).metadata()).toMatchObject({ width: 400, height: 300 });
    const corner = await sharp(cropped).extract({ left: 10, top: 10, width: 40, height: 40 }).raw().toBuffer();
    expect(corner[2]! - corner[0]!).toBeGreaterThan(100);
    expect(await regionDifference(original, cropped, { left: 0, top: 0, width: 120, height: 90 })).toBeGreaterThan(40);
    const car = await sharp(
      await sharp(cropped).extract({ left: 170, top: 180, width: 60, height: 30 }).png().toBuffer(),
    ).stats();
    expect(car.channels[0]!.mean - car.channels[2]!.mean).toBeGreaterThan(40);
    const stamped = (await imageBytes(adapters, shooting.shootingId, 0, 'STAMPED_CROPPED'))!;
    expect(await sharp(stamped).metadata()).toMatchObject({ width: 400, height: 300 });
    const shadow = (await imageBytes(adapters, shooting.shootingId, 0, 'ORIGINAL_CROPPED_NO_SHADOW'))!;
    expect(await regionDifference(cropped, shadow, { left: 0, top: 0, width: 800, height: 600 })).toBeGreaterThan(0.3);
    expect(await imageBytes(adapters, shooting.shootingId, 2, 'ORIGINAL_CROPPED')).toBeNull();

    const verified = await app.inject({
      method: 'POST',
      url: `/clipping/api/V1/shootings/${shooting.shootingId}/images/${shooting.images[0]!.originalId}/verifications/cropped`,
      headers: {
        authorization: `Basic ${Buffer.from(`${adapters.config.CLIPPING_USER}:${adapters.config.CLIPPING_PASSWORD}`).toString('base64')}`,
        [FORECOURT_AUTHORIZATION_HEADER]: manager.authorization!,
      },
    });
    expect(verified.statusCode).toBe(200);
    const checked = verified.json<VerificationsResponse>().verifications;
    // One line per cropped picture, not one per rendering of the same car.
    expect(checked.map((v) => v.imageType)).toEqual(['ORIGINAL_CROPPED']);
    expect(checked[0]!.warnings).not.toContain('VEHICLE_TOO_SMALL');
  }, 300_000);
});
