import { ShootingListResponse } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting, makeStamp } from './shootings.fixtures';
import { MANAGER, setup } from './shootings.test-helpers';

// The list's picture count and cover are columns of the shooting that triggers on images keep
// (migration 0009): every kind of image write shows on the very next list call, on either database. The
// database writes each item's JSON (shootings.repo.ts), so the last test holds it to the contract there.
describe('shootings list cover and picture count', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await setup();
    h = await t.headers(MANAGER);
  });
  afterAll(async () => t.close());

  const itemOf = async (shootingId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shootings?shootingTypes=STANDARD&limit=100&offset=0',
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    const item = (res.json().items as { id: string; numberOfPictures: number; image: string | null }[]).find(
      (i) => i.id === shootingId,
    );
    expect(item).toBeDefined();
    return {
      pictures: item!.numberOfPictures,
      cover: item!.image && decodeURIComponent(new URL(item!.image, 'http://x').pathname),
    };
  };
  const coverPath = (key: string) => `/blobs/${key}`;

  it('counts positions and picks the preferred type of the first position, following inserts, updates and deletes', async () => {
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      createdAt: '2030-01-01T00:00:00.000Z',
      images: [
        { position: 2, type: 'ORIGINAL' },
        { position: 3, type: 'ORIGINAL' },
      ],
    });
    const [p2, p3] = s.images;
    expect(await itemOf(s.shootingId)).toEqual({ pictures: 2, cover: coverPath(p2!.thumbKey!) });

    // A new first position with two types: the one later in the order gallery's preference wins.
    const now = '2030-01-01T00:00:01.000Z';
    const image = (id: string, position: number, type: string) => ({
      id,
      shooting_id: s.shootingId,
      position,
      image_type: type,
      blob_key: `shootings/${s.shootingId}/images/${id}.jpg`,
      thumbnail_key: `shootings/${s.shootingId}/thumbnails/${id}.jpg`,
      is_label_image: 0,
      created_at: now,
      updated_at: now,
    });
    const original = t.adapters.ids.uuid();
    const stamped = t.adapters.ids.uuid();
    await t.adapters.db
      .insertInto('images')
      .values([image(original, 1, 'ORIGINAL'), image(stamped, 1, 'STAMPED')])
      .execute();
    expect(await itemOf(s.shootingId)).toEqual({
      pictures: 3,
      cover: coverPath(`shootings/${s.shootingId}/thumbnails/${stamped}.jpg`),
    });

    // Without a thumbnail the file itself; a type change; a move to another shooting; deletes.
    await t.adapters.db.updateTable('images').set({ thumbnail_key: null }).where('id', '=', stamped).execute();
    expect((await itemOf(s.shootingId)).cover).toBe(coverPath(`shootings/${s.shootingId}/images/${stamped}.jpg`));
    await t.adapters.db
      .updateTable('images')
      .set({ image_type: 'BACKGROUND_CROPPED' })
      .where('id', '=', original)
      .execute();
    expect((await itemOf(s.shootingId)).cover).toBe(coverPath(`shootings/${s.shootingId}/thumbnails/${original}.jpg`));

    const other = await makeShooting(t.adapters, { ownerId: 'own-demo-paris', createdAt: '2030-01-02T00:00:00.000Z' });
    expect(await itemOf(other.shootingId)).toEqual({ pictures: 0, cover: null });
    await t.adapters.db.updateTable('images').set({ shooting_id: other.shootingId }).where('id', '=', p3!.id).execute();
    expect(await itemOf(other.shootingId)).toEqual({ pictures: 1, cover: coverPath(p3!.thumbKey!) });
    expect((await itemOf(s.shootingId)).pictures).toBe(2);

    await t.adapters.db.deleteFrom('images').where('id', 'in', [original, stamped]).execute();
    expect(await itemOf(s.shootingId)).toEqual({ pictures: 1, cover: coverPath(p2!.thumbKey!) });
    await t.adapters.db.deleteFrom('images').where('id', '=', p2!.id).execute();
    expect(await itemOf(s.shootingId)).toEqual({ pictures: 0, cover: null });
  });

  it('gives items that are exactly ShootingListItem, texts escaped, with and without stamp, picture or model', async () => {
    const stampId = await makeStamp(t.adapters, 'grp-demo', 'Frame "été" \\ ✓');
    const odd = 'Clio "RS" \\ 5/5 été ✓\n\t</script>';
    const photo = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lyon',
      createdAt: '2031-01-01T00:00:02.000Z',
      model: odd,
      stampId,
      images: [{ position: 1, type: 'ORIGINAL' }],
    });
    const video = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      createdAt: '2031-01-01T00:00:01.000Z',
      type: 'VIDEO',
      model: null,
      images: [{ position: 1, type: 'ORIGINAL' }],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shootings?shootingTypes=STANDARD,VIDEO,INSPECTION,INSPECTION_REPAIR_ORDER&limit=2&offset=0',
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    const strict = ShootingListResponse.extend({ items: ShootingListResponse.shape.items.element.strict().array() });
    const items = strict.strict().parse(res.json()).items;
    expect(items).toEqual([
      {
        id: photo.shootingId,
        shootingId: photo.shootingId,
        productId: photo.productId,
        ownerId: 'own-demo-lyon',
        ownerName: 'Demo Motors Lyon',
        shootingType: 'STANDARD',
        numberOfPictures: 1,
        image: expect.stringContaining(`/blobs/${photo.images[0]!.thumbKey!}?`),
        registration: expect.any(String),
        created: '2031-01-01T00:00:02.000Z',
        stamps: [{ id: stampId, name: 'Frame "été" \\ ✓' }],
        productModel: odd,
        remarketingShootingStatus: 'FINISHED',
      },
      {
        id: video.shootingId,
        shootingId: video.shootingId,
        productId: video.productId,
        ownerId: 'own-demo-paris',
        ownerName: 'Demo Motors Paris',
        shootingType: 'VIDEO',
        numberOfPictures: 0,
        image: null,
        registration: expect.any(String),
        created: '2031-01-01T00:00:01.000Z',
        stamps: [],
        productModel: null,
        remarketingShootingStatus: 'FINISHED',
      },
    ]);
  });
});
