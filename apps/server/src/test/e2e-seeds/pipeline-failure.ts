// Seeds, into the DATA_DIR of a running server, a shooting of two pictures whose stamping fails on the
// second (its stored original is damaged, as files stored before registration decoded them could be),
// with one attempt per stamp job so that the running worker buries it at once. Prints the ids as JSON.
// Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/pipeline-failure.ts
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { makeShooting } from '../../modules/shootings/shootings.fixtures';
import { makeGroupStamp } from '../../modules/images/images.fixtures';
import { stampKey } from '../../modules/images/pipeline-queue';
import { createRun } from '../../modules/images/images.repo';

const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
try {
  const stampId = await makeGroupStamp(adapters, {
    groupId: 'grp-demo',
    name: 'Failing pipeline',
    format: '4/3',
    width: 320,
    height: 240,
  });
  const shooting = await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    registration: 'FA-404-IL',
    status: 'UPLOADING',
    stampId,
    images: [
      { position: 0, type: 'ORIGINAL' },
      { position: 1, type: 'ORIGINAL' },
    ],
  });
  const damaged = shooting.images[1]!;
  const bytes = (await adapters.blobs.getBuffer(damaged.key))!;
  await adapters.blobs.put(damaged.key, bytes.subarray(0, bytes.length >> 1), 'image/jpeg');
  const run = {
    id: adapters.ids.uuid(),
    stampId,
    kind: 'STAMP' as const,
    items: shooting.images.map((i) => ({ sourceImageId: i.id, targetType: 'STAMPED' as const })),
  };
  await createRun(adapters.db, shooting.shootingId, run, adapters.clock.now().toISOString(), async (trx) => {
    for (const image of shooting.images) {
      await adapters.queue.enqueue(
        'images.stamp',
        { runId: run.id, sourceImageId: image.id },
        { key: stampKey(run.id, image.id), within: trx, maxAttempts: 1 },
      );
    }
  });
  process.stdout.write(
    JSON.stringify({ shootingId: shooting.shootingId, productId: shooting.productId, ownerId: 'own-demo-paris' }),
  );
} finally {
  await adapters.close();
}
