// Seeds the shooting the crop-framing end-to-end spec crops: two real photos of cars on a street and a parking
// lot (../shared/datasets/plates/eu, read in place, never copied into the project), a stamp that crops onto a
// plain set. Prints the ids as JSON, or `{"missing": FOLDER}` when the photos are not beside the project.
// Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/crop-framing.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { blueSet, makeEditableShooting } from '../../modules/editing/editing.fixtures';

const folder = path.resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets/plates/eu');
// A three-quarter front view and a three-quarter rear view, whole cars of different sizes in their photos; then
// two cars filling the frame, where the model is sure of no vehicle (only of a speck of leaves).
const PHOTOS = ['test_054.jpg', 'test_096.jpg', 'test_060.jpg'];

if (!PHOTOS.every((p) => fs.existsSync(path.join(folder, p)))) {
  process.stdout.write(JSON.stringify({ missing: folder }));
} else {
  const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
  try {
    const shooting = await makeEditableShooting(adapters, {
      ownerId: 'own-demo-paris',
      groupId: 'grp-demo',
      photos: PHOTOS.map((p) => fs.readFileSync(path.join(folder, p))),
      cropping: { type: 'CROPPING', background: await blueSet(), blurringValue: 0 },
    });
    process.stdout.write(JSON.stringify({ ...shooting, ownerId: 'own-demo-paris' }));
  } finally {
    await adapters.close();
  }
}
