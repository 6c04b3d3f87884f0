import {
  pickOrderGallery,
  type AddedImages,
  type ImageEdit,
  type PlateCornersResponse,
  type ShootingDetail,
} from '@forecourt/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app-types';
import type { TestAdapters } from '../../test/test-app';
import { drainJobs } from '../images/images.fixtures';
import { placeQuad } from '../vision/crop-framing';
import type { Quad } from '../vision/geometry';
import type * as Segmentation from '../vision/segmentation';
import { bounds } from '../vision/plate-detector';
import { carPhoto, SCENE } from '../../test/car-photo';
import { blueSet, imageBytes, setupEditing, type EditableShooting } from './editing.fixtures';
import { editingJobs } from './editing.jobs';
import { findEdit } from './editing.repo';

// The model's segmentation has its own tests; here the vehicle is the demo car's box (its rear view), so
// that the privacy rules are checked in seconds rather than minutes of inference.
vi.mock('../vision/segmentation', async (original) => ({
  ...(await original<typeof Segmentation>()),
  segmentVehicle: vi.fn(async () => {
    const alpha = Buffer.alloc(SCENE.width * SCENE.height);
    for (let y = 290; y < 498; y++) alpha.fill(255, y * SCENE.width + 180, y * SCENE.width + 620);
    return { ...SCENE, alpha };
  }),
}));

/** Mean absolute difference of two same-size pictures over a region. */
async function difference(
  a: Buffer,
  b: Buffer,
  r: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const [ra, rb] = await Promise.all([a, b].map((x) => sharp(x).extract(r).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}

const inner = (quad: Quad) => {
  const b = bounds(quad);
  return {
    left: Math.round(b.x + 2),
    top: Math.round(b.y + 2),
    width: Math.max(2, Math.round(b.w - 4)),
    height: Math.max(2, Math.round(b.h - 4)),
  };
};

describe('a covered plate stays covered through cropping, in either order', () => {
  let adapters: TestAdapters;
  let app: App;
  let shooting: EditableShooting;
  let manager: Record<string, string>;
  let plates: Quad[];

  beforeAll(async () => {
    ({ adapters, app, shooting, manager } = await setupEditing({
      photos: [await carPhoto('rear', 'AB-123-CD'), await carPhoto('rear', 'EF-456-GH')],
      cropping: { type: 'CROPPING', background: await blueSet(), blurringValue: 0 },
    }));
    const detected = await app.inject({
      method: 'POST',
      url: '/vision/v1/plate/corners',
      headers: { authorization: manager.authorization! },
      payload: { shootingId: shooting.shootingId, imageIds: shooting.images.map((i) => i.originalId) },
    });
    plates = detected.json<PlateCornersResponse>().images.map((i) => i.plates[0]!.corners as Quad);
    expect(plates).toHaveLength(2);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const drain = () => drainJobs(adapters, Object.values(editingJobs(adapters)));
  const cover = async (position: number) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/shootings/${shooting.shootingId}/images/${shooting.images[position]!.originalId}/licence-plate-cover`,
      headers: manager,
      payload: { plates: [{ corners: plates[position] }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json<ImageEdit>();
  };
  const crop = async (position: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/vision/v1/processes/crop',
      headers: { authorization: manager.authorization! },
      payload: { shootingId: shooting.shootingId, imageId: shooting.images[position]!.originalId },
    });
    expect(res.statusCode).toBe(200);
    return res.json<ImageEdit>();
  };
  const add = async (edit: ImageEdit) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/shootings/${shooting.shootingId}/images`,
      headers: manager,
      payload: { editIds: [edit.id] },
    });
    expect(res.statusCode).toBe(200);
    return res.json<AddedImages>().results[0]!;
  };
  const edited = async (edit: ImageEdit) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/shootings/${shooting.shootingId}/edits/${edit.id}`,
        headers: manager,
      })
    ).json<ImageEdit>();
  /** The plate's region on the cropped renderings of a position, through the placement of its cropping. */
  const croppedPlate = async (position: number, cropEdit: ImageEdit) => {
    const placement = (await findEdit(adapters.db, cropEdit.id))!.placement!;
    expect(placement.scale).toBeLessThan(1);
    return inner(placeQuad(plates[position]!, placement));
  };
  /** The simple view's picture of a position: the order gallery's pick from the shooting's detail. */
  const simpleView = async (position: number) => {
    const detail = await app.inject({
      method: 'GET',
      url: `/api/owners/own-demo-paris/products/${shooting.productId}/shootings/${shooting.shootingId}`,
      headers: manager,
    });
    return pickOrderGallery(detail.json<ShootingDetail>().images).find((i) => i.order === position)!.imageType;
  };
  const bytes = async (position: number, type: string) =>
    (await imageBytes(adapters, shooting.shootingId, position, type))!;

  it('crops the covered version of a picture whose plate was covered first', async () => {
    await cover(0);
    await drain();
    expect(await simpleView(0)).toBe('STAMPED_LPC');

    const edit = await crop(0);
    await drain();
    expect((await edited(edit)).imageTypes).toEqual(
      expect.arrayContaining(['ORIGINAL_CROPPED', 'STAMPED_CROPPED', 'ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC']),
    );
    expect((await add(edit)).imageTypes).toEqual(
      expect.arrayContaining(['ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC']),
    );
    expect(await simpleView(0)).toBe('STAMPED_CROPPED_LPC');

    const plate = await croppedPlate(0, edit);
    const away = { left: 10, top: 10, width: 80, height: 60 };
    expect(
      await difference(await bytes(0, 'ORIGINAL_CROPPED'), await bytes(0, 'ORIGINAL_CROPPED_LPC'), plate),
    ).toBeGreaterThan(25);
    expect(
      await difference(await bytes(0, 'ORIGINAL_CROPPED'), await bytes(0, 'ORIGINAL_CROPPED_LPC'), away),
    ).toBeLessThan(3);
    expect(
      await difference(await bytes(0, 'STAMPED_CROPPED'), await bytes(0, 'STAMPED_CROPPED_LPC'), plate),
    ).toBeGreaterThan(25);
  });

  it('covers the cropped version of a picture cropped first', async () => {
    const edit = await crop(1);
    await drain();
    expect((await add(edit)).imageTypes).not.toContain('ORIGINAL_CROPPED_LPC');
    expect(await simpleView(1)).toBe('STAMPED_CROPPED');

    const covering = await cover(1);
    await drain();
    expect((await edited(covering)).imageTypes).toEqual([
      'ORIGINAL_LPC',
      'STAMPED_LPC',
      'ORIGINAL_CROPPED_LPC',
      'STAMPED_CROPPED_LPC',
    ]);
    expect(await simpleView(1)).toBe('STAMPED_CROPPED_LPC');
    const plate = await croppedPlate(1, edit);
    expect(
      await difference(await bytes(1, 'ORIGINAL_CROPPED'), await bytes(1, 'ORIGINAL_CROPPED_LPC'), plate),
    ).toBeGreaterThan(25);
    expect(
      await difference(await bytes(1, 'STAMPED_CROPPED'), await bytes(1, 'STAMPED_CROPPED_LPC'), plate),
    ).toBeGreaterThan(25);
  });

  it('covers a cropping whose position was covered after it ran and before it was added', async () => {
    // Cropped again while no cover is pending, then the position covered again before the new pictures are added.
    const edit = await crop(1);
    await drain();
    const covering = await cover(1);
    await drain();
    const added = await add(edit);
    expect(added.imageTypes).toEqual(
      expect.arrayContaining(['ORIGINAL_CROPPED', 'ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC']),
    );
    expect((await findEdit(adapters.db, edit.id))!.coverEditId).toBe(covering.id);
    expect(await simpleView(1)).toBe('STAMPED_CROPPED_LPC');
    const plate = await croppedPlate(1, edit);
    expect(
      await difference(await bytes(1, 'ORIGINAL_CROPPED'), await bytes(1, 'ORIGINAL_CROPPED_LPC'), plate),
    ).toBeGreaterThan(25);
  });

  it('stands the cropped car on the floor its stamp’s cropping configuration gives', async () => {
    await adapters.db
      .updateTable('stamp_configurations')
      .set({ floor_level: 80 })
      .where('stamp_id', '=', shooting.stampId)
      .execute();
    const edit = await crop(0);
    await drain();
    const placement = (await findEdit(adapters.db, edit.id))!.placement!;
    // The mock's car ends at row 497 of the photo; on the 300 px set the wheels stand at 80% + 55% of the rest.
    expect(498 * placement.scale + placement.dy).toBeCloseTo((0.8 + 0.2 * 0.55) * 300, 0);
  });
});
