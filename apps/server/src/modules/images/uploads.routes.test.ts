import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { seedAccounts } from '../../seed/seed-accounts';
import { demoUser } from '../../seed/demo-accounts';
import { jpegPhoto, makeGroupStamp, pngClaiming, uploadFiles, zipArchive } from './images.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';

describe('registering uploaded images as a shooting', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let manager: Record<string, string>;
  let stampId: string;

  const newProduct = async (headers = manager) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products/virtuals',
      headers,
      payload: {
        vin: `Virtual_${randomUUID()}`,
        ownerId: 'own-demo-paris',
        registration: 'ab-123-cd',
        workflows: ['PHOTO', 'VIDEO'],
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const register = (productId: string, urls: string[], headers = manager, email = MANAGER) =>
    app.inject({
      method: 'POST',
      url: `/api/owners/own-demo-paris/products/${productId}/shootings`,
      headers,
      payload: {
        images: urls.map((url, order) => ({ url, order, imageType: 'ORIGINAL', format: '16/9', stampId })),
        userId: demoUser(email).id,
        shootingType: 'standard',
      },
    });

  const counts = async () => ({
    shootings: (await adapters.db.selectFrom('shootings').select('id').execute()).length,
    images: (await adapters.db.selectFrom('images').select('id').execute()).length,
    usedGrants: (
      await adapters.db.selectFrom('upload_grants').select('blob_key').where('used_at', 'is not', null).execute()
    ).length,
  });

  /** Registers one good JPEG together with the bad file and expects the bad one alone refused, and nothing created. */
  const expectRefused = async (bad: { bytes: Buffer; contentType: string }, code: string) => {
    const productId = await newProduct();
    const before = await counts();
    const urls = await uploadFiles(
      app,
      manager,
      productId,
      [{ bytes: await jpegPhoto(64, 48), contentType: 'image/jpeg' }, bad],
      randomUUID,
    );
    const res = await register(productId, urls);
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      error: {
        code: string;
        message: string;
        details: { images: { url: string; order: number; code: string; message: string }[] };
      };
    }>();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/1 of 2 images were refused; nothing was created/);
    expect(body.error.details.images).toEqual([{ url: urls[1], order: 1, code, message: expect.any(String) }]);
    expect(await counts()).toEqual(before);
    return body.error.details.images[0]!.message;
  };

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    manager = await authHeaders(adapters, MANAGER);
    stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Demo 16/9' });
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('creates the shooting with upright ORIGINAL images without location, and queues the stamp pipeline', async () => {
    const productId = await newProduct();
    // The second photo is stored sideways (EXIF orientation 6) and carries a GPS position.
    const sideways = await sharp(await jpegPhoto(400, 300, 2))
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const photos = [await jpegPhoto(400, 300, 1), sideways];
    const urls = await uploadFiles(
      app,
      manager,
      productId,
      photos.map((bytes) => ({ bytes, contentType: 'image/jpeg' })),
      randomUUID,
    );
    const res = await register(productId, urls);
    expect(res.statusCode).toBe(201);
    const shootingId = res.json<{ id: string }>().id;
    const shooting = await adapters.db
      .selectFrom('shootings')
      .selectAll()
      .where('id', '=', shootingId)
      .executeTakeFirstOrThrow();
    expect(shooting).toMatchObject({
      product_id: productId,
      owner_id: 'own-demo-paris',
      registration: 'AB-123-CD',
      remarketing_status: 'UPLOADING',
      stamp_id: stampId,
      format: '16/9',
    });
    const images = await adapters.db
      .selectFrom('images')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .orderBy('position')
      .execute();
    expect(images.map((i) => [i.position, i.image_type, i.width, i.height])).toEqual([
      [0, 'ORIGINAL', 400, 300],
      [1, 'ORIGINAL', 300, 400],
    ]);
    expect(await adapters.blobs.head(images[0]!.thumbnail_key!)).not.toBeNull();
    for (const image of images) {
      const meta = await sharp((await adapters.blobs.getBuffer(image.blob_key))!).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
    expect(await adapters.queue.counts('images.stamp')).toMatchObject({ queued: 2 });
    // The same registration again (its answer was lost): the same shooting, nothing more created.
    const before = await counts();
    const again = await register(productId, urls);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id: shootingId });
    expect(await counts()).toEqual(before);
    expect(await adapters.queue.counts('images.stamp')).toMatchObject({ queued: 2 });
    // Any other use of the spent upload keys is refused.
    expect(
      (await register(productId, [urls[0]!])).json().error.details.images.map((i: { code: string }) => i.code),
    ).toEqual(['KEY_ALREADY_USED']);
    const fresh = await uploadFiles(
      app,
      manager,
      productId,
      [{ bytes: await jpegPhoto(64, 48), contentType: 'image/jpeg' }],
      randomUUID,
    );
    const mixed = await register(productId, [urls[1]!, fresh[0]!]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.details.images.map((i: { code: string }) => i.code)).toEqual(['KEY_ALREADY_USED']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a PNG renamed .jpg and sent as image/jpeg', async () => {
    const png = await pngClaiming(2, 2);
    expect(await expectRefused({ bytes: png, contentType: 'image/jpeg' }, 'TYPE_MISMATCH')).toBe(
      'The file is a PNG image but was sent as image/jpeg',
    );
  });

  it('refuses an SVG, whatever it is sent as', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(await expectRefused({ bytes: svg, contentType: 'image/jpeg' }, 'UNSUPPORTED_FORMAT')).toMatch(
      /SVG images are not accepted/,
    );
    const productId = await newProduct();
    const presign = await app.inject({
      method: 'POST',
      url: `/api/products/${productId}/shootings/generate_presigned_urls`,
      headers: manager,
      payload: { images: [{ id: randomUUID(), contentType: 'image/svg+xml' }] },
    });
    expect(presign.statusCode).toBe(415);
    expect(presign.json().error.message).toBe('Only JPEG, PNG and WebP images can be uploaded');
  });

  it('refuses a truncated JPEG, even one given an end marker, so that no shooting is left stuck in the pipeline', async () => {
    const photo = await jpegPhoto(400, 300, 3);
    const cut = photo.subarray(0, Math.floor(photo.length * 0.6));
    const closed = Buffer.concat([cut, Buffer.from([0xff, 0xd9])]);
    expect(await expectRefused({ bytes: closed, contentType: 'image/jpeg' }, 'CORRUPT_IMAGE')).toMatch(
      /truncated or damaged/,
    );
    expect(await expectRefused({ bytes: cut, contentType: 'image/jpeg' }, 'CORRUPT_IMAGE')).toMatch(
      /truncated or damaged/,
    );
    const progressive = await sharp(photo).jpeg({ progressive: true }).toBuffer();
    const closedProgressive = Buffer.concat([
      progressive.subarray(0, Math.floor(progressive.length * 0.6)),
      Buffer.from([0xff, 0xd9]),
    ]);
    await expectRefused({ bytes: closedProgressive, contentType: 'image/jpeg' }, 'CORRUPT_IMAGE');
  });

  /** Registers one file and answers what the signed download link of its ORIGINAL serves. */
  const registerAndDownload = async (bytes: Buffer, contentType: string) => {
    const productId = await newProduct();
    const urls = await uploadFiles(app, manager, productId, [{ bytes, contentType }], randomUUID);
    const res = await register(productId, urls);
    expect(res.statusCode).toBe(201);
    const image = await adapters.db
      .selectFrom('images')
      .select('blob_key')
      .where('shooting_id', '=', res.json<{ id: string }>().id)
      .where('image_type', '=', 'ORIGINAL')
      .executeTakeFirstOrThrow();
    const link = new URL(await adapters.blobs.presignGet(image.blob_key, { expiresInSeconds: 60 }), 'http://127.0.0.1');
    const served = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(served.statusCode).toBe(200);
    return served.rawPayload;
  };
  const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1');

  it('refuses JPEG+ZIP, PNG+ZIP and WebP+ZIP polyglots as damaged images, whatever they end with', async () => {
    const photo = await jpegPhoto(400, 300, 4);
    const zip = zipArchive(
      'payload.html',
      Buffer.from('<script>alert(document.domain)</script>'),
      Buffer.from([0x20, 0xff, 0xd9]),
    );
    const jpegZip = Buffer.concat([photo, zip]);
    expect(jpegZip.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(await expectRefused({ bytes: jpegZip, contentType: 'image/jpeg' }, 'CORRUPT_IMAGE')).toMatch(
      /truncated or damaged: its file goes on past the end of the picture/,
    );
    const png = await sharp(photo).png().toBuffer();
    const pngZip = Buffer.concat([png, zip, png.subarray(-12)]);
    await expectRefused({ bytes: pngZip, contentType: 'image/png' }, 'CORRUPT_IMAGE');
    const webp = await sharp(photo).webp().toBuffer();
    await expectRefused({ bytes: Buffer.concat([webp, zip]), contentType: 'image/webp' }, 'CORRUPT_IMAGE');
  });

  it("takes a JPEG followed by whole JPEGs (a phone's gain or depth map) or by padding", async () => {
    const photo = await jpegPhoto(400, 300, 6);
    const gainMap = await jpegPhoto(100, 75, 7);
    const served = await registerAndDownload(Buffer.concat([photo, gainMap, Buffer.alloc(16)]), 'image/jpeg');
    expect(served.includes(ZIP_SIGNATURE)).toBe(false);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const png = await sharp(photo).png().toBuffer();
    expect((await sharp(await registerAndDownload(png, 'image/png')).metadata()).format).toBe('png');
    const webp = await sharp(photo).webp().toBuffer();
    expect((await sharp(await registerAndDownload(webp, 'image/webp')).metadata()).width).toBe(400);
  });

  it('refuses a 20,000 × 20,000 image from its header, before decoding it', async () => {
    const flood = await pngClaiming(20_000, 20_000);
    expect(flood.length).toBeLessThan(200);
    expect(await expectRefused({ bytes: flood, contentType: 'image/png' }, 'TOO_MANY_PIXELS')).toBe(
      'The image has 20000 × 20000 pixels, more than the 8294399 allowed',
    );
  });

  it('refuses a 4K image: the pixel limit is below 3840 × 2160', async () => {
    const uhd = await sharp({ create: { width: 3840, height: 2160, channels: 3, background: 'grey' } })
      .jpeg()
      .toBuffer();
    await expectRefused({ bytes: uhd, contentType: 'image/jpeg' }, 'TOO_MANY_PIXELS');
  });

  it('refuses an upload key issued to another user, even for the same vehicle', async () => {
    const productId = await newProduct();
    const sales = await authHeaders(adapters, SALES);
    const theirUrls = await uploadFiles(
      app,
      manager,
      productId,
      [{ bytes: await jpegPhoto(64, 48), contentType: 'image/jpeg' }],
      randomUUID,
    );
    const before = await counts();
    const res = await register(productId, theirUrls, sales, SALES);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.images).toEqual([
      {
        url: theirUrls[0],
        order: 0,
        code: 'KEY_NOT_ISSUED',
        message: 'This upload was not issued to you for this vehicle',
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over the byte limit that reached the store past the signed PUT (S3 binds no length to it)', async () => {
    const productId = await newProduct();
    const presign = await app.inject({
      method: 'POST',
      url: `/api/products/${productId}/shootings/generate_presigned_urls`,
      headers: manager,
      payload: { images: [{ id: randomUUID(), contentType: 'image/jpeg' }] },
    });
    const url = presign.json().images[0].url as string;
    const photo = await jpegPhoto(64, 48);
    await adapters.blobs.put(url, Buffer.concat([photo, Buffer.alloc(adapters.config.MAX_IMAGE_BYTES)]), 'image/jpeg');
    const before = await counts();
    const res = await register(productId, [url]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.images).toEqual([
      { url, order: 0, code: 'TOO_LARGE', message: `The file is larger than ${adapters.config.MAX_IMAGE_BYTES} bytes` },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a key issued for another vehicle, an image never uploaded and a foreign stamp', async () => {
    const productA = await newProduct();
    const productB = await newProduct();
    const urlsA = await uploadFiles(
      app,
      manager,
      productA,
      [{ bytes: await jpegPhoto(64, 48), contentType: 'image/jpeg' }],
      randomUUID,
    );
    const onB = await register(productB, urlsA);
    expect(onB.json().error.details.images[0].code).toBe('KEY_NOT_ISSUED');
    const presign = await app.inject({
      method: 'POST',
      url: `/api/products/${productA}/shootings/generate_presigned_urls`,
      headers: manager,
      payload: { images: [{ id: randomUUID(), contentType: 'image/jpeg' }] },
    });
    const neverPut = await register(productA, [presign.json().images[0].url]);
    expect(neverPut.json().error.details.images[0].code).toBe('NOT_UPLOADED');
    const foreignStamp = await makeGroupStamp(adapters, { groupId: 'grp-other', name: 'Other' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/owners/own-demo-paris/products/${productA}/shootings`,
      headers: manager,
      payload: {
        images: [{ url: urlsA[0], order: 0, imageType: 'ORIGINAL', format: '16/9', stampId: foreignStamp }],
        userId: demoUser(MANAGER).id,
        shootingType: 'standard',
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for a vehicle of another dealer', async () => {
    const other = await authHeaders(adapters, 'other@other-dealer.forecourt.test');
    const productId = await newProduct();
    const res = await app.inject({
      method: 'POST',
      url: `/api/products/${productId}/shootings/generate_presigned_urls`,
      headers: other,
      payload: { images: [{ id: randomUUID(), contentType: 'image/jpeg' }] },
    });
    expect(res.statusCode).toBe(404);
  });
});
