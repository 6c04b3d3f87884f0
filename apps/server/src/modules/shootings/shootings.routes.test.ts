import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting, makeStamp } from './shootings.fixtures';
import { MANAGER, OTHER, setup } from './shootings.test-helpers';

describe('shootings list and detail', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  let h: Record<string, string>;
  const made: Record<string, Awaited<ReturnType<typeof makeShooting>>> = {};

  beforeAll(async () => {
    t = await setup();
    h = await t.headers(MANAGER);
    const stampId = await makeStamp(t.adapters, 'grp-demo', 'Summer frame');
    made.old = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'ab-123-cd',
      createdAt: '2024-03-01T10:00:00.000Z',
      stampId,
      images: [
        { position: 1, type: 'ORIGINAL' },
        { position: 1, type: 'STAMPED' },
        { position: 2, type: 'ORIGINAL' },
      ],
    });
    made.mid = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lyon',
      registration: 'ZZ-999-XY',
      createdAt: '2024-03-05T23:59:59.000Z',
      type: 'VIDEO',
      status: 'SOMETHING_NEW',
      videos: [{ type: 'ORIGINAL', streamer: 'YOUTUBE', url: 'https://www.youtube.com/watch?v=abc', reference: 'abc' }],
    });
    made.same1 = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lille',
      registration: 'GH-456-IJ',
      createdAt: '2024-03-07T08:00:00.000Z',
      type: 'INSPECTION',
    });
    made.same2 = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lille',
      registration: 'GH-457-IJ',
      createdAt: '2024-03-07T08:00:00.000Z',
    });
    made.foreign = await makeShooting(t.adapters, {
      ownerId: 'own-other-bordeaux',
      registration: 'AB-123-CE',
      createdAt: '2024-03-08T08:00:00.000Z',
    });
  });
  afterAll(async () => t.close());

  const list = async (query: string, headers = h) =>
    t.app.inject({ method: 'GET', url: `/api/shootings?${query}`, headers });

  it('lists only the caller’s owners, newest first, ties broken by id, with every card field', async () => {
    const res = await list('shootingTypes=STANDARD,VIDEO,INSPECTION,INSPECTION_REPAIR_ORDER');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string }[];
    const sameDay = [made.same1!.shootingId, made.same2!.shootingId].sort().reverse();
    expect(items.map((i) => i.id)).toEqual([...sameDay, made.mid!.shootingId, made.old!.shootingId]);
    const old = res.json().items[3];
    expect(old).toMatchObject({
      shootingId: made.old!.shootingId,
      productId: made.old!.productId,
      ownerId: 'own-demo-paris',
      ownerName: 'Demo Motors Paris',
      shootingType: 'STANDARD',
      numberOfPictures: 2,
      registration: 'AB-123-CD',
      created: '2024-03-01T10:00:00.000Z',
      stamps: [{ name: 'Summer frame' }],
      productModel: 'Clio',
      remarketingShootingStatus: 'FINISHED',
    });
    expect(res.json().items[2].remarketingShootingStatus).toBe('SOMETHING_NEW');
    expect(res.json().items[2].image).toBeNull();
  });

  it('gives the thumbnail of the first position’s preferred image, which downloads', async () => {
    const res = await list('shootingTypes=STANDARD&registration=ab-123');
    const url = new URL(res.json().items[0].image as string, 'http://localhost');
    expect(url.pathname).toBe(`/blobs/${made.old!.images.find((i) => i.type === 'STAMPED')!.thumbKey}`);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('searches a case-insensitive part of the registration, never another dealer’s', async () => {
    const res = await list('shootingTypes=STANDARD,VIDEO&registration=b-12');
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([made.old!.shootingId]);
    const wildcard = await list('shootingTypes=STANDARD&registration=%25');
    expect(wildcard.json().items).toEqual([]);
  });

  it('filters by type and by inclusive dates', async () => {
    const byType = await list('shootingTypes=VIDEO');
    expect(byType.json().items.map((i: { id: string }) => i.id)).toEqual([made.mid!.shootingId]);
    const byDate = await list('shootingTypes=STANDARD,VIDEO,INSPECTION&startDate=2024-03-01&endDate=2024-03-05');
    expect(byDate.json().items.map((i: { id: string }) => i.id)).toEqual([made.mid!.shootingId, made.old!.shootingId]);
    const oneDay = await list('shootingTypes=STANDARD,INSPECTION&startDate=2024-03-07&endDate=2024-03-07');
    expect(oneDay.json().items).toHaveLength(2);
  });

  it('pages by limit and offset without gaps or repeats', async () => {
    const types = 'shootingTypes=STANDARD,VIDEO,INSPECTION';
    const all = (await list(types)).json().items.map((i: { id: string }) => i.id);
    const pages = [];
    for (let offset = 0; offset < 6; offset += 2)
      pages.push(...(await list(`${types}&limit=2&offset=${offset}`)).json().items.map((i: { id: string }) => i.id));
    expect(pages).toEqual(all);
    expect((await list(`${types}&offset=4`)).json().items).toEqual([]);
  });

  it.each([
    ['shootingTypes=PANORAMA', 'shootingTypes'],
    ['shootingTypes=STANDARD&limit=101', 'limit'],
    ['shootingTypes=STANDARD&startDate=2024-03-05&endDate=2024-03-01', 'endDate'],
    ['shootingTypes=STANDARD&startDate=05/03/2024', 'startDate'],
    ['shootingTypes=STANDARD&offset=-1', 'offset'],
  ])('answers 400 naming the bad parameter for %s', async (query, param) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json().error.details)).toContain(param);
  });

  it('publishes the list and detail in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/shootings', '/api/owners/{ownerId}/products/{productId}/shootings/{shootingId}']),
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shootings?shootingTypes=STANDARD' });
    expect(res.statusCode).toBe(401);
  });

  it('reads the detail with images, stamps, creator and DMS state', async () => {
    const s = made.old!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`,
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: s.shootingId,
      registration: 'AB-123-CD',
      productType: 'CAR',
      brand: 'Renault',
      model: { name: 'Clio', stamps: [{ name: 'Summer frame' }] },
      details: { registration: 'AB-123-CD', brand: 'Renault', model: 'Clio' },
      status: 'FINISHED',
      dmsStatus: 'NOT_SENT',
      shootingType: 'STANDARD',
    });
    expect(d.images.map((i: { order: number; imageType: string }) => `${i.order}:${i.imageType}`)).toEqual([
      '1:ORIGINAL',
      '1:STAMPED',
      '2:ORIGINAL',
    ]);
    const img = new URL(d.images[0].url as string, 'http://localhost');
    expect((await t.app.inject({ method: 'GET', url: img.pathname + img.search })).statusCode).toBe(200);
  });

  it('reads the videos and the product', async () => {
    const s = made.mid!;
    const videos = await t.app.inject({
      method: 'GET',
      url: `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}/videos`,
      headers: h,
    });
    expect(videos.json()).toEqual([
      {
        id: s.videos[0]!.id,
        type: 'ORIGINAL',
        streamer: 'YOUTUBE',
        url: 'https://www.youtube.com/watch?v=abc',
        reference: 'abc',
        posterUrl: null,
      },
    ]);
    const product = await t.app.inject({
      method: 'GET',
      url: `/api/owners/${s.ownerId}/products/${s.productId}`,
      headers: h,
    });
    expect(product.json()).toMatchObject({
      id: s.productId,
      ownerId: 'own-demo-lyon',
      registration: 'ZZ-999-XY',
      details: { registration: 'ZZ-999-XY' },
    });
  });

  it('answers 404 for a shooting addressed under the wrong owner or product', async () => {
    const s = made.old!;
    for (const url of [
      `/api/owners/own-demo-lyon/products/${s.productId}/shootings/${s.shootingId}`,
      `/api/owners/${s.ownerId}/products/${made.mid!.productId}/shootings/${s.shootingId}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode).toBe(404);
    }
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/shootings?shootingTypes=STANDARD&registration=AB-123-CE`,
      headers: await t.headers(OTHER),
    });
    expect(foreign.json().items.map((i: { id: string }) => i.id)).toEqual([made.foreign!.shootingId]);
  });
});
