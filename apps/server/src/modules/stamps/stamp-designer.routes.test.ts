import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { drainJobs, registerPhotoShooting, zipArchive } from '../images/images.fixtures';
import { imageJobs } from '../images/images.jobs';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const RED = '#ff0000';
const BLUE = '#0000ff';

const design = (frameColour: string) => ({
  frameColour,
  frameWidth: 40,
  logo: null,
  banner: { text: 'Autos du Sud', position: 'bottom', colour: '#202020', textColour: '#ffffff' },
});
const stampInput = (frameColour: string) => ({
  name: 'Sud frame',
  format: '16/9',
  overlay: { kind: 'compose', design: design(frameColour) },
  cropping: { croppingType: 'FADED_CROPPING', blurringValue: 4, background: { kind: 'colour', colour: '#e0e0e0' } },
});

/** The colour of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const dataUrlBytes = (url: string) => Buffer.from(url.replace(/^data:image\/jpeg;base64,/, ''), 'base64');

describe('the stamp designer', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let admin: Record<string, string>;
  const jobs = () => Object.values(imageJobs(adapters));

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    admin = await authHeaders(adapters, MANAGER);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const stampsOf = (group: string) => `/api/settings/groups/${group}/stamps`;
  const createStamp = (payload: object, headers = admin, group = 'grp-demo') =>
    app.inject({ method: 'POST', url: stampsOf(group), headers, payload });
  const updateStamp = (id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `${stampsOf('grp-demo')}/${id}`, headers: admin, payload });
  const askPreview = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/settings/groups/grp-demo/stamp-preview', headers: admin, payload });

  const stampedOf = (shootingId: string) =>
    adapters.db
      .selectFrom('images')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .where('image_type', '=', 'STAMPED')
      .orderBy('position')
      .execute();

  it('previews a composed stamp on the sample car with the stamping renderer', async () => {
    const res = await askPreview({
      format: '16/9',
      overlay: { kind: 'compose', design: design(RED) },
      picture: 'sample',
    });
    expect(res.statusCode).toBe(200);
    const preview = dataUrlBytes(res.json().image);
    expect(await sharp(preview).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1080 });
    const [r, g, b] = await pixel(preview, 10, 10);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(80);
  });

  it('is refused to users without the habilitation, and a foreign stamp answers 404', async () => {
    const sales = await authHeaders(adapters, SALES);
    const res = await createStamp(stampInput(RED), sales);
    expect(res.statusCode).toBe(403);
    const created = await createStamp(stampInput(RED), admin, 'grp-other');
    const foreign = await updateStamp(created.json().id, stampInput(BLUE));
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an overlay that is not a transparent PNG, and a change of format', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const opaque = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    for (const data of [jpeg, opaque]) {
      const res = await createStamp({
        ...stampInput(RED),
        overlay: { kind: 'upload', image: { data: data.toString('base64') } },
      });
      expect(res.statusCode).toBe(400);
    }
    // A transparent PNG overlay and a JPEG background with a ZIP behind them: refused as damaged images.
    const zip = zipArchive('payload.html', Buffer.from('<script>alert(1)</script>'), Buffer.from([0x20, 0xff, 0xd9]));
    const transparent = await sharp({
      create: { width: 64, height: 36, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer) => ({ kind: 'upload', image: { data: bytes.toString('base64') } });
    for (const payload of [
      { ...stampInput(RED), overlay: upload(Buffer.concat([transparent, zip, transparent.subarray(-12)])) },
      {
        ...stampInput(RED),
        cropping: { ...stampInput(RED).cropping, background: upload(Buffer.concat([jpeg, zip])) },
      },
    ]) {
      const res = await createStamp(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual({ field: 'image', reason: 'CORRUPT_IMAGE' });
    }
    // The same overlay without the archive is taken.
    const clean = await askPreview({ format: '16/9', overlay: upload(transparent), picture: 'sample' });
    expect(clean.statusCode).toBe(200);
    const created = await createStamp(stampInput(RED));
    const changed = await updateStamp(created.json().id, { ...stampInput(RED), format: '4/3' });
    expect(changed.statusCode).toBe(400);
  });

  it('an edit makes a new version: pictures already stamped keep theirs, a restamp uses the new one', async () => {
    const created = await createStamp(stampInput(RED));
    expect(created.statusCode).toBe(201);
    const stamp = created.json<{ id: string; version: number; cropping: { backgroundUrl: string } }>();
    expect(stamp).toMatchObject({
      version: 1,
      width: 1920,
      height: 1080,
      cropping: { croppingType: 'FADED_CROPPING', blurringValue: 4 },
    });
    expect(stamp.cropping.backgroundUrl).toMatch(/^\/blobs\/stamps\//);

    const { shootingId, productId } = await registerPhotoShooting(app, admin, {
      userId: demoUser(MANAGER).id,
      stampId: stamp.id,
      registration: 'ST-123-VV',
      photos: 2,
      width: 640,
      height: 360,
    });
    await drainJobs(adapters, jobs());
    const before = await stampedOf(shootingId);
    expect(before).toHaveLength(2);
    const beforeBytes = await Promise.all(before.map((i) => adapters.blobs.getBuffer(i.blob_key)));
    expect((await pixel(beforeBytes[0]!, 10, 10))[0]).toBeGreaterThan(200);

    const edited = await updateStamp(stamp.id, {
      ...stampInput(BLUE),
      name: 'Sud frame (blue)',
      cropping: { ...stampInput(BLUE).cropping, background: { kind: 'keep' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, name: 'Sud frame (blue)', design: { frameColour: BLUE } });
    expect(edited.json().cropping.backgroundUrl).toContain(`stamps/${stamp.id}/v1/background.jpg`);

    // The pictures already stamped are untouched.
    const still = await stampedOf(shootingId);
    expect(still.map((i) => i.blob_key)).toEqual(before.map((i) => i.blob_key));
    const stillBytes = await Promise.all(still.map((i) => adapters.blobs.getBuffer(i.blob_key)));
    for (const [n, bytes] of stillBytes.entries()) expect(bytes!.equals(beforeBytes[n]!)).toBe(true);

    const restamp = await app.inject({
      method: 'POST',
      url: `/api/owners/own-demo-lyon/products/${productId}/shootings/${shootingId}/restamp`,
      headers: admin,
      payload: { stampId: stamp.id },
    });
    expect(restamp.statusCode).toBe(202);
    await drainJobs(adapters, jobs());
    const after = await stampedOf(shootingId);
    const [r, g, b] = await pixel((await adapters.blobs.getBuffer(after[0]!.blob_key))!, 10, 10);
    expect(b).toBeGreaterThan(200);
    expect(r + g).toBeLessThan(80);

    const versions = await app.inject({
      method: 'GET',
      url: `/api/settings/groups/grp-demo/stamps/${stamp.id}/versions`,
      headers: admin,
    });
    expect(versions.json().map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Version 1's overlay is still stored: its key was never rewritten.
    const v1 = await app.inject({ method: 'GET', url: versions.json()[1].overlayUrl });
    expect((await pixel(v1.rawPayload, 10, 10))[0]).toBeGreaterThan(200);
  });

  it("previews on the group's own recent pictures", async () => {
    const pictures = await app.inject({ method: 'GET', url: '/api/settings/groups/grp-demo/pictures', headers: admin });
    expect(pictures.statusCode).toBe(200);
    const [first] = pictures.json<Array<{ id: string; registration: string }>>();
    expect(first).toBeDefined();
    const res = await askPreview({
      format: '16/9',
      overlay: { kind: 'compose', design: design(BLUE) },
      picture: first!.id,
    });
    expect(res.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'GET',
      url: '/api/settings/groups/grp-other/pictures',
      headers: admin,
    });
    expect(foreign.json().map((p: { id: string }) => p.id)).not.toContain(first!.id);
  });
});
