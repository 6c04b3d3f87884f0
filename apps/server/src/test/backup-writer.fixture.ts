// A second process writing to the DATA_DIR of the backup test, as the portal does: shootings with three
// pictures (files first, then rows), and removals (rows, then their files), until SIGTERM.
import { loadConfig } from '../config';
import { makeShooting } from '../modules/shootings/shootings.fixtures';
import { deleteShootingRows } from '../modules/shootings/shootings.repo';
import { createAdapters } from '../platform/adapters';

const adapters = await createAdapters(loadConfig());
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
const made: string[] = [];
let n = 0;
while (!stopping) {
  // One transaction, as the portal creates a shooting with its pictures.
  const s = await adapters.db
    .transaction()
    .execute((trx) =>
      makeShooting(
        { ...adapters, db: trx },
        { ownerId: 'own-demo-paris', images: [1, 2, 3].map((position) => ({ position, type: 'ORIGINAL' })) },
      ),
    );
  made.push(s.shootingId);
  n += 1;
  if (n % 3 === 0) {
    const gone = made.shift()!;
    await adapters.db.transaction().execute((trx) => deleteShootingRows(trx, [gone]));
    await adapters.blobs.deletePrefix(`shootings/${gone}/`);
  }
  console.log(`wrote ${n}`);
}
await adapters.close();
console.log(`stopped after ${n}`);
