import fs from 'node:fs';
import path from 'node:path';
import { REMARKETING_STATUSES, SHOOTING_TYPES } from '@forecourt/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../platform/blobs/blob-store';
import { createTestAdapters } from '../test/test-adapters';
import { DEMO_OWNERS, demoUser } from './demo-accounts';
import { probeMedia } from './demo-video';
import { seedDemo } from './seed-demo';

type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

const TABLES = [
  'dealer_groups',
  'users',
  'user_options',
  'user_models',
  'user_owners',
  'owners',
  'products',
  'stamps',
  'stamp_configurations',
  'shootings',
  'images',
  'videos',
  'player_references',
  'statistics_events',
  'ratings',
] as const;

async function rowCounts(a: TestAdapters): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await a.db.selectFrom(t).select(a.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[t] = Number(r.n);
  }
  return counts;
}

function blobKeys(a: TestAdapters): string[] {
  const root = path.join(a.dataDir, 'blobs', 'data');
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]));
  return walk(root).sort();
}

/** The store, failing every write after the first `limit`: a seed stopped by a crash half-way. */
function failingAfter(blobs: BlobStore, limit: number): BlobStore {
  let writes = 0;
  return new Proxy(blobs, {
    get(target, prop) {
      if (prop === 'put') {
        return async (...args: Parameters<BlobStore['put']>) => {
          if (++writes > limit) throw new Error('disk full');
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let a: TestAdapters;
let afterFirst: { counts: Record<string, number>; blobs: string[] };

beforeAll(async () => {
  a = await createTestAdapters();
  // A first run dies after some files are written; the next run must complete it without duplicates.
  await expect(seedDemo({ ...a, blobs: failingAfter(a.blobs, 250) })).rejects.toThrow('disk full');
  expect(blobKeys(a).length).toBeGreaterThan(0);
  await seedDemo(a);
  afterFirst = { counts: await rowCounts(a), blobs: blobKeys(a) };
}, 600_000);

afterAll(async () => {
  await a?.cleanup();
});

describe('seedDemo', () => {
  it('completes an interrupted seed with exactly the planned rows and files, and a second run changes nothing', async () => {
    expect(afterFirst.counts).toMatchObject({
      dealer_groups: 2,
      users: 4,
      owners: 4,
      stamps: 10,
      stamp_configurations: 10,
      shootings: 72,
    });
    const images = await a.db.selectFrom('images').select(['blob_key', 'thumbnail_key']).execute();
    const videos = await a.db.selectFrom('videos').select('blob_key').where('blob_key', 'is not', null).execute();
    const owners = await a.db.selectFrom('owners').select(['logo_key', 'plate_cover_key']).execute();
    const stamps = await a.db
      .selectFrom('stamps')
      .innerJoin('stamp_configurations', 'stamp_configurations.stamp_id', 'stamps.id')
      .select(['overlay_key', 'background_key'])
      .execute();
    const referenced = [
      ...images.flatMap((i) => [i.blob_key, i.thumbnail_key]),
      ...videos.map((v) => v.blob_key),
      ...owners.flatMap((o) => [o.logo_key, o.plate_cover_key]),
      ...stamps.flatMap((s) => [s.overlay_key, s.background_key]),
    ].sort();
    // Every stored file is referenced by exactly one row: nothing stray, nothing duplicated.
    expect(afterFirst.blobs).toEqual(referenced);

    await seedDemo(a);
    expect(await rowCounts(a)).toEqual(afterFirst.counts);
    expect(blobKeys(a)).toEqual(afterFirst.blobs);
  });

  it('seeds player activity of the last 90 days for both groups: visits, shares by e-mail and SMS, ratings', async () => {
    const rows = await a.db
      .selectFrom('statistics_events as e')
      .innerJoin('player_references as r', 'r.ref', 'e.subject')
      .innerJoin('shootings as s', 's.id', 'r.shooting_id')
      .innerJoin('owners as o', 'o.id', 's.owner_id')
      .select(['o.group_id', 'e.kind', 'e.subject', 'e.payload', 'e.created_at', 's.created_at as shot'])
      .execute();
    const now = Date.now();
    for (const group of ['grp-demo', 'grp-other']) {
      const mine = rows.filter((r) => r.group_id === group);
      // At least four visits on each shared link.
      const links = new Set(mine.map((r) => r.subject));
      expect(links.size).toBeGreaterThan(0);
      expect(mine.filter((r) => r.kind === 'PLAYER_WATCHED').length).toBeGreaterThanOrEqual(4 * links.size);
      expect(mine.some((r) => r.payload.includes('EMAIL'))).toBe(true);
      expect(mine.some((r) => r.payload.includes('SMS'))).toBe(true);
    }
    for (const r of rows) {
      expect(Date.parse(r.created_at)).toBeGreaterThanOrEqual(now - 91 * 86_400_000);
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(now);
      expect(r.created_at >= r.shot || Date.parse(r.shot) < now - 90 * 86_400_000).toBe(true);
    }
    const ratings = await a.db.selectFrom('ratings').select(['score']).execute();
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((g) => g.score >= 3 && g.score <= 5)).toBe(true);
  });

  it('seeds every shooting type and remarketing status for the demo group, 60 shootings, and 12 for the other dealer', async () => {
    const shootings = await a.db
      .selectFrom('shootings')
      .innerJoin('owners', 'owners.id', 'shootings.owner_id')
      .select(['owners.group_id', 'shooting_type', 'remarketing_status'])
      .execute();
    const demo = shootings.filter((s) => s.group_id === 'grp-demo');
    const other = shootings.filter((s) => s.group_id === 'grp-other');
    expect(demo).toHaveLength(60);
    expect(other).toHaveLength(12);
    expect(new Set(demo.map((s) => s.shooting_type))).toEqual(new Set(SHOOTING_TYPES));
    expect(new Set(other.map((s) => s.shooting_type))).toEqual(new Set(SHOOTING_TYPES));
    expect(new Set(demo.map((s) => s.remarketing_status))).toEqual(new Set(REMARKETING_STATUSES));
  });

  it('keeps the other dealer\u2019s data apart: its owner, its user, its stamps', async () => {
    const other = demoUser('other@other-dealer.forecourt.test');
    const rows = await a.db
      .selectFrom('shootings')
      .innerJoin('owners', 'owners.id', 'shootings.owner_id')
      .innerJoin('products', 'products.id', 'shootings.product_id')
      .leftJoin('stamps', 'stamps.id', 'shootings.stamp_id')
      .select([
        'owners.group_id as ownerGroup',
        'products.owner_id as productOwner',
        'shootings.owner_id as owner',
        'shootings.created_by',
        'stamps.group_id as stampGroup',
      ])
      .execute();
    for (const r of rows) {
      expect(r.productOwner).toBe(r.owner);
      if (r.stampGroup) expect(r.stampGroup).toBe(r.ownerGroup);
      expect(r.created_by === other.id).toBe(r.ownerGroup === 'grp-other');
    }
    const stamped = await a.db
      .selectFrom('images')
      .innerJoin('shootings', 'shootings.id', 'images.shooting_id')
      .select(['images.stamp_id', 'shootings.stamp_id as shootingStamp'])
      .where('image_type', '=', 'STAMPED')
      .execute();
    expect(stamped.length).toBeGreaterThan(0);
    for (const s of stamped) expect(s.stamp_id).toBe(s.shootingStamp);
  });

  it('stores real JPEG pictures of the row\u2019s size, with 320 px thumbnails', async () => {
    const images = await a.db
      .selectFrom('images')
      .innerJoin('shootings', 'shootings.id', 'images.shooting_id')
      .select([
        'images.id',
        'shooting_id',
        'blob_key',
        'thumbnail_key',
        'width',
        'height',
        'bytes',
        'image_type',
        'images.format',
        'shooting_type',
      ])
      .execute();
    const standard = images.filter((i) => i.shooting_type === 'STANDARD');
    const bySize = { '4/3': [1600, 1200], '16/9': [1920, 1080] } as const;
    // One picture of each kind is enough to show the files are what the rows say.
    const sample = [...new Map(images.map((i) => [`${i.shooting_type}:${i.image_type}:${i.format}`, i])).values()];
    expect(sample.length).toBeGreaterThanOrEqual(5);
    for (const img of sample) {
      expect(img.blob_key).toBe(`shootings/${img.shooting_id}/images/${img.id}.jpg`);
      expect(img.thumbnail_key).toBe(`shootings/${img.shooting_id}/thumbs/${img.id}.jpg`);
      const body = (await a.blobs.getBuffer(img.blob_key))!;
      expect(body.length).toBe(img.bytes);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: img.width, height: img.height });
      expect([meta.width, meta.height]).toEqual(bySize[img.format as keyof typeof bySize]);
      expect(await sharp((await a.blobs.getBuffer(img.thumbnail_key!))!).metadata()).toMatchObject({
        format: 'jpeg',
        width: 320,
      });
    }
    const perShooting = new Map<string, number>();
    for (const i of standard.filter((x) => x.image_type === 'ORIGINAL'))
      perShooting.set(i.shooting_id, (perShooting.get(i.shooting_id) ?? 0) + 1);
    expect(perShooting.size).toBe(36);
    for (const originals of perShooting.values()) {
      expect(originals).toBeGreaterThanOrEqual(6);
      expect(originals).toBeLessThanOrEqual(12);
    }
    const inspections = images.filter(
      (i) => i.shooting_type === 'INSPECTION' || i.shooting_type === 'INSPECTION_REPAIR_ORDER',
    );
    expect(inspections.length).toBeGreaterThan(0);
  });

  it('stores playable H.264 MP4s for hosted videos, a YouTube reference and an empty reference', async () => {
    const videos = await a.db.selectFrom('videos').selectAll().execute();
    const hosted = videos.filter((v) => v.streamer === 'STAMPYT' && v.blob_key);
    for (const type of ['ORIGINAL', 'CONCAT_AUDIO']) {
      const video = hosted.find((v) => v.video_type === type)!;
      expect(video.reference).toBe(video.blob_key);
      expect(video.url).toBeNull();
      const file = path.join(a.dataDir, 'blobs', 'data', video.blob_key!);
      const media = await probeMedia(file);
      expect(media.durationSeconds).toBeGreaterThan(2);
      expect(media.streams).toContain('video:h264');
      if (type === 'CONCAT_AUDIO') expect(media.streams).toContain('audio:aac');
      expect(fs.readFileSync(file).subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    expect(
      videos.filter((v) => v.streamer === 'YOUTUBE' && v.reference && v.url?.startsWith('https://www.youtube.com/')),
    ).toHaveLength(1);
    expect(videos.filter((v) => v.streamer === 'STAMPYT' && v.reference === '' && !v.blob_key)).toHaveLength(1);
  });

  it('gives every owner a PNG logo and plate cover, and every stamp a transparent overlay, a background and a cropping configuration', async () => {
    const owners = await a.db.selectFrom('owners').select(['id', 'logo_key', 'plate_cover_key']).execute();
    expect(owners.map((o) => o.id).sort()).toEqual(DEMO_OWNERS.map((o) => o.id).sort());
    for (const o of owners) {
      expect(o.logo_key).toBe(`owners/${o.id}/logo.png`);
      expect(o.plate_cover_key).toBe(`owners/${o.id}/plate-cover.png`);
      expect((await sharp((await a.blobs.getBuffer(o.logo_key!))!).metadata()).format).toBe('png');
      expect((await sharp((await a.blobs.getBuffer(o.plate_cover_key!))!).metadata()).format).toBe('png');
    }
    const stamps = await a.db
      .selectFrom('stamps')
      .innerJoin('stamp_configurations', 'stamp_configurations.stamp_id', 'stamps.id')
      .selectAll()
      .execute();
    expect(new Set(stamps.map((s) => s.cropping_type))).toEqual(
      new Set(['CROPPING', 'PARTIAL_CROPPING', 'FADED_CROPPING']),
    );
    for (const s of stamps) {
      expect(s.overlay_key).toBe(`stamps/${s.id}/overlay.png`);
      const overlay = await sharp((await a.blobs.getBuffer(s.overlay_key))!).metadata();
      expect(overlay).toMatchObject({ format: 'png', width: s.width, height: s.height, hasAlpha: true });
      expect(s.width / s.height).toBeCloseTo(s.format === '4/3' ? 4 / 3 : 16 / 9, 2);
      expect(await sharp((await a.blobs.getBuffer(s.background_key!))!).metadata()).toMatchObject({
        format: 'jpeg',
        width: s.width,
        height: s.height,
      });
    }
  });

  it('seeds vehicles with registrations, VINs and models, some virtual, some still waiting for photos', async () => {
    const products = await a.db.selectFrom('products').selectAll().execute();
    expect(products.every((p) => p.brand && p.model && p.registration)).toBe(true);
    expect(
      products.filter((p) => /^[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2}$/.test(p.registration)).length,
    ).toBeGreaterThan(products.length * 0.7);
    expect(products.filter((p) => p.product_type === 'VIRTUAL').every((p) => p.vin.startsWith('Virtual_'))).toBe(true);
    expect(products.filter((p) => p.product_type === 'CAR').every((p) => /^[A-HJ-NPR-Z0-9]{17}$/.test(p.vin))).toBe(
      true,
    );
    const waiting = await a.db
      .selectFrom('products')
      .select('owner_id')
      .where('photo_state', '=', 'TODO')
      .where('product_type', '=', 'CAR')
      .execute();
    expect(new Set(waiting.map((w) => w.owner_id))).toEqual(new Set(DEMO_OWNERS.map((o) => o.id)));
  });

  it('dates every seeded row within the last six months', async () => {
    const now = Date.now();
    const sixMonths = 184 * 24 * 3600 * 1000;
    for (const t of ['products', 'stamps', 'shootings', 'images', 'videos'] as const) {
      const rows = await a.db.selectFrom(t).select('created_at').execute();
      for (const { created_at } of rows) {
        expect(created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        const at = Date.parse(created_at);
        expect(at, `${t} ${created_at}`).toBeLessThanOrEqual(now);
        expect(at, `${t} ${created_at}`).toBeGreaterThanOrEqual(now - sixMonths);
      }
    }
  });
});
