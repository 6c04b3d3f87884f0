import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting } from './shootings.fixtures';
import { MANAGER, setup } from './shootings.test-helpers';

// The list's picture count and cover are columns of the shooting that triggers on images keep
// (migration 0009): every kind of image write shows on the very next list call, on either database.
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
});
