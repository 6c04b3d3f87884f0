// Seeds the shootings the end-to-end specs read, through the same factories as the API tests, into the
// DATA_DIR of a running server (SQLite in WAL mode takes a second writer). Prints the ids as JSON. A
// registration seeded before is not seeded again, so a restarted spec worker finds the same shootings.
// Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/shootings.ts
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { makeShooting, makeStamp } from '../../modules/shootings/shootings.fixtures';

const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
type Made = Awaited<ReturnType<typeof makeShooting>>;

/** The shooting already seeded under that registration, or a new one. */
async function once(spec: Parameters<typeof makeShooting>[1] & { registration: string }): Promise<Made> {
  const s = await adapters.db
    .selectFrom('shootings')
    .select(['id', 'product_id', 'owner_id'])
    .where('registration', '=', spec.registration)
    .executeTakeFirst();
  if (!s) return makeShooting(adapters, spec);
  const images = await adapters.db
    .selectFrom('images')
    .select(['id', 'position', 'image_type', 'blob_key', 'thumbnail_key'])
    .where('shooting_id', '=', s.id)
    .execute();
  return {
    shootingId: s.id,
    productId: s.product_id,
    ownerId: s.owner_id,
    registration: spec.registration,
    images: images.map((i) => ({
      id: i.id,
      key: i.blob_key,
      thumbKey: i.thumbnail_key ?? '',
      position: i.position,
      type: i.image_type,
    })),
    videos: [],
  };
}

try {
  const existingStamp = await adapters.db
    .selectFrom('stamps')
    .select('id')
    .where('name', '=', 'E2E frame')
    .executeTakeFirst();
  const stampId = existingStamp?.id ?? (await makeStamp(adapters, 'grp-demo', 'E2E frame'));
  const at = (day: number) => `2025-02-${String(day).padStart(2, '0')}T12:00:00.000Z`;
  const standard = await once({
    ownerId: 'own-demo-paris',
    registration: 'E2E-SH-STD1',
    createdAt: at(10),
    stampId,
    model: 'Megane',
    images: [1, 2, 3]
      .flatMap((position) => [
        { position, type: 'ORIGINAL' },
        { position, type: 'STAMPED' },
      ])
      .concat([{ position: 1, type: 'ORIGINAL_LPC' }]),
  });
  const toDelete = await once({
    ownerId: 'own-demo-lyon',
    registration: 'E2E-SH-DEL1',
    createdAt: at(11),
    images: [{ position: 1, type: 'ORIGINAL' }],
  });
  const video = await once({
    ownerId: 'own-demo-paris',
    registration: 'E2E-SH-VID1',
    type: 'VIDEO',
    createdAt: at(12),
    videos: [
      {
        type: 'ORIGINAL',
        streamer: 'YOUTUBE',
        reference: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ],
  });
  const inspection = await once({
    ownerId: 'own-demo-lille',
    registration: 'E2E-SH-INS1',
    type: 'INSPECTION',
    createdAt: at(13),
    images: [
      { position: 1, type: 'ORIGINAL' },
      { position: 2, type: 'ORIGINAL' },
    ],
  });
  const repair = await once({
    ownerId: 'own-demo-paris',
    registration: 'E2E-SH-IRO1',
    type: 'INSPECTION_REPAIR_ORDER',
    createdAt: at(14),
    images: [{ position: 1, type: 'ORIGINAL' }],
  });
  const pick = (s: Made) => ({
    shootingId: s.shootingId,
    productId: s.productId,
    ownerId: s.ownerId,
    registration: s.registration,
    images: s.images.map((i) => ({ position: i.position, type: i.type, key: i.key })),
  });
  process.stdout.write(
    JSON.stringify({
      standard: pick(standard),
      toDelete: pick(toDelete),
      video: pick(video),
      inspection: pick(inspection),
      repair: pick(repair),
    }),
  );
} finally {
  await adapters.close();
}
