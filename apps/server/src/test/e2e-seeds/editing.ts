// Seeds the shooting the editing end-to-end spec edits (demo car pictures with plates, a stamp with its
// cropping configuration) into the DATA_DIR of a running server, through the API tests' own factory.
// Prints the ids as JSON. Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/editing.ts
import sharp from 'sharp';
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { makeEditableShooting } from '../../modules/editing/editing.fixtures';
import { carPhoto } from '../car-photo';

const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
try {
  const background = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1060c0' } })
    .png()
    .toBuffer();
  const shooting = await makeEditableShooting(adapters, {
    ownerId: 'own-demo-paris',
    groupId: 'grp-demo',
    photos: [await carPhoto('rear', 'EE-202-EE'), await carPhoto('side', 'EE-202-EE')],
    cropping: { type: 'CROPPING', background, blurringValue: 2 },
  });
  process.stdout.write(JSON.stringify({ ...shooting, ownerId: 'own-demo-paris' }));
} finally {
  await adapters.close();
}
