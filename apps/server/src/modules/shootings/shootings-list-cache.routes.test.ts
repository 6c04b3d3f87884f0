import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database';
import { TestClock } from '../../test/test-clock';
import { makeShooting, makeStamp } from './shootings.fixtures';
import { listVersions, setRemarketingStatus } from './shootings.repo';
import { MANAGER, OTHER, SALES, setup } from './shootings.test-helpers';

interface Item {
  id: string;
  registration: string;
  remarketingShootingStatus: string;
  numberOfPictures: number;
  ownerName: string;
  productModel: string | null;
  stamps: { id: string; name: string }[];
  image: string | null;
}

const LIST = '/api/shootings?shootingTypes=STANDARD,VIDEO&limit=100&offset=0';

// The list is served from a per-process cache while the data versions of the caller's owners hold
// (migration 0010): every write a list item shows, by any path and any process, must show on the very
// next request, and a page is never handed to a caller with another scope.
describe('the shootings list cache', () => {
  const clock = new TestClock('2031-06-01T08:00:00.000Z');
  let t: Awaited<ReturnType<typeof setup>>;
  let h: Record<string, string>;
  // Another connection to the same database: the job worker's process, or another API instance.
  let other: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    t = await setup({}, { clock });
    h = await t.headers(MANAGER);
    other = await openDatabase({ dataDir: t.adapters.dataDir, databaseUrl: t.adapters.config.DATABASE_URL });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const list = async (headers = h, url = LIST) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return { items: res.json().items as Item[], etag: res.headers.etag as string, body: res.body };
  };
  const itemOf = async (id: string, headers = h) => (await list(headers)).items.find((i) => i.id === id);

  it('shows a created shooting, a status set by a job, an added image and a delete on the very next call', async () => {
    await list();
    const s = await makeShooting(t.adapters, { ownerId: 'own-demo-paris', createdAt: '2031-05-01T00:00:00.000Z' });
    expect(await itemOf(s.shootingId)).toMatchObject({ remarketingShootingStatus: 'FINISHED', numberOfPictures: 0 });

    await setRemarketingStatus(other.db, s.shootingId, 'AI_PROCESSING');
    expect((await itemOf(s.shootingId))?.remarketingShootingStatus).toBe('AI_PROCESSING');

    await t.adapters.db
      .insertInto('images')
      .values({
        id: t.adapters.ids.uuid(),
        shooting_id: s.shootingId,
        position: 1,
        image_type: 'ORIGINAL',
        blob_key: `shootings/${s.shootingId}/images/1.jpg`,
        thumbnail_key: `shootings/${s.shootingId}/thumbnails/1.jpg`,
        is_label_image: 0,
        created_at: '2031-05-01T00:00:00.000Z',
        updated_at: '2031-05-01T00:00:00.000Z',
      })
      .execute();
    const withImage = await itemOf(s.shootingId);
    expect(withImage?.numberOfPictures).toBe(1);
    expect(withImage?.image).toContain(`shootings/${s.shootingId}/thumbnails/1.jpg`);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`,
      headers: h,
    });
    expect(del.statusCode).toBe(204);
    expect(await itemOf(s.shootingId)).toBeUndefined();
  });

  it('shows a renamed stamp, product model and owner, and a change another connection makes in the database', async () => {
    const stampId = await makeStamp(t.adapters, 'grp-demo', 'Summer frame');
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lyon',
      stampId,
      model: 'Clio',
      createdAt: '2031-05-02T00:00:00.000Z',
    });
    expect(await itemOf(s.shootingId)).toMatchObject({
      stamps: [{ id: stampId, name: 'Summer frame' }],
      productModel: 'Clio',
    });

    await other.db.updateTable('stamps').set({ name: 'Winter frame' }).where('id', '=', stampId).execute();
    expect((await itemOf(s.shootingId))?.stamps).toEqual([{ id: stampId, name: 'Winter frame' }]);

    await other.db.updateTable('products').set({ model: 'Megane' }).where('id', '=', s.productId).execute();
    expect((await itemOf(s.shootingId))?.productModel).toBe('Megane');

    const ownerName = (await itemOf(s.shootingId))!.ownerName;
    await other.db.updateTable('owners').set({ name: 'Lyon Centre' }).where('id', '=', 'own-demo-lyon').execute();
    expect((await itemOf(s.shootingId))?.ownerName).toBe('Lyon Centre');
    await other.db.updateTable('owners').set({ name: ownerName }).where('id', '=', 'own-demo-lyon').execute();

    await sql`update shootings set registration = 'ZZ-999-ZZ' where id = ${s.shootingId}`.execute(other.db);
    expect((await itemOf(s.shootingId))?.registration).toBe('ZZ-999-ZZ');
  });

  it('never hands one caller’s page to a caller with another scope', async () => {
    const lille = await makeShooting(t.adapters, { ownerId: 'own-demo-lille', createdAt: '2031-05-03T00:00:00.000Z' });
    const bordeaux = await makeShooting(t.adapters, {
      ownerId: 'own-other-bordeaux',
      createdAt: '2031-05-03T00:00:00.000Z',
    });
    const pages = {
      manager: await list(),
      sales: await list(await t.headers(SALES)),
      other: await list(await t.headers(OTHER)),
      managerAgain: await list(),
    };
    expect(pages.manager.items.map((i) => i.id)).toContain(lille.shootingId);
    expect(pages.sales.items.map((i) => i.id)).not.toContain(lille.shootingId);
    expect(pages.other.items.map((i) => i.id)).toEqual([bordeaux.shootingId]);
    expect(pages.managerAgain.body).toBe(pages.manager.body);
    expect(new Set([pages.manager.etag, pages.sales.etag, pages.other.etag]).size).toBe(3);

    // A changed scope is a new key at once: sales now reaching Lille see its shooting.
    const sales = await t.adapters.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SALES)
      .executeTakeFirstOrThrow();
    await t.adapters.db.insertInto('user_owners').values({ user_id: sales.id, owner_id: 'own-demo-lille' }).execute();
    expect((await list(await t.headers(SALES))).items.map((i) => i.id)).toContain(lille.shootingId);
    await t.adapters.db
      .deleteFrom('user_owners')
      .where('user_id', '=', sales.id)
      .where('owner_id', '=', 'own-demo-lille')
      .execute();
  });

  it('answers 304 to a client that holds the current page, and 200 with a new ETag once it changed', async () => {
    const first = await list();
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    const notModified = await t.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...h, 'if-none-match': first.etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.etag);

    await makeShooting(t.adapters, { ownerId: 'own-demo-paris', createdAt: '2031-05-04T00:00:00.000Z' });
    const changed = await t.app.inject({ method: 'GET', url: LIST, headers: { ...h, 'if-none-match': first.etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.etag);
  });

  it('renews the thumbnail links of a kept page before they would have less than their lifetime left', async () => {
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      createdAt: '2031-05-05T00:00:00.000Z',
      images: [{ position: 1, type: 'ORIGINAL' }],
    });
    const link = (await itemOf(s.shootingId))!.image!;
    const exp = () => Number(new URL(link, 'http://x').searchParams.get('exp'));
    const ttl = t.adapters.config.PRESIGN_GET_TTL_SECONDS;
    // Just before the link would have less than its lifetime left: still the kept page.
    clock.advance((exp() - ttl) * 1000 - clock.now().getTime());
    expect((await itemOf(s.shootingId))!.image).toBe(link);
    clock.advance(1000);
    const renewed = (await itemOf(s.shootingId))!.image!;
    expect(renewed).not.toBe(link);
    expect(
      Number(new URL(renewed, 'http://x').searchParams.get('exp')) - clock.now().getTime() / 1000,
    ).toBeGreaterThanOrEqual(ttl);
  });
});

describe('the list data versions', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t.close());

  it('read the same for a handful of owners and for more than a compound query holds, and move with a write', async () => {
    const many = Array.from({ length: 600 }, (_, i) => `own-none-${i}`);
    const few = ['own-demo-lyon', 'own-demo-paris'];
    const before = {
      few: await listVersions(t.adapters.db, few),
      many: await listVersions(t.adapters.db, [...few, ...many]),
    };
    expect(before.many.startsWith(before.few)).toBe(true);
    await makeShooting(t.adapters, { ownerId: 'own-demo-paris' });
    const after = {
      few: await listVersions(t.adapters.db, few),
      many: await listVersions(t.adapters.db, [...few, ...many]),
    };
    expect(after.few).not.toBe(before.few);
    expect(after.many.startsWith(after.few)).toBe(true);
    expect(after.many.split(',')).toHaveLength(603);
  });
});

describe('the shootings list without a cache (LIST_CACHE_ENTRIES=0)', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup({ LIST_CACHE_ENTRIES: '0' });
  });
  afterAll(async () => t.close());

  it('builds every page afresh, with the same ETag and 304 behaviour', async () => {
    const h = await t.headers(MANAGER);
    const s = await makeShooting(t.adapters, { ownerId: 'own-demo-paris' });
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: h });
    expect((res.json().items as Item[]).map((i) => i.id)).toContain(s.shootingId);
    const again = await t.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...h, 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
