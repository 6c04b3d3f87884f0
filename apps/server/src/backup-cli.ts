// `npm run backup -- DIR` and `npm run restore -- DIR`: the embedded default's DATA_DIR (SQLite and local
// blob files) to a folder and back. The scale deployment is backed up by its own services (README).
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { BackupError, backupDataDir, restoreDataDir } from './platform/backup/data-dir-backup';

async function run(command: string | undefined, dir: string | undefined): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    throw new BackupError('Usage: npm run backup -- DIR | npm run restore -- DIR');
  }
  const config = loadConfig();
  if (config.DATABASE_URL || config.BLOB_DRIVER !== 'fs') {
    throw new BackupError(
      'This copies the embedded SQLite database and local blob files only; back up PostgreSQL with pg_dump and the bucket with its versioning (README, "Backups")',
    );
  }
  const target = path.resolve(dir);
  const dataDir = path.resolve(config.DATA_DIR);
  if (command === 'backup') {
    const m = await backupDataDir(dataDir, target);
    console.log(`Backed up ${dataDir} to ${target}: the database and ${m.blobs} blobs`);
    if (m.missing.length > 0) {
      console.warn(
        `${m.missing.length} blobs the rows reference were already missing from DATA_DIR (listed in the manifest)`,
      );
    }
  } else {
    const m = restoreDataDir(target, dataDir);
    console.log(`Restored the backup of ${m.createdAt} (${m.blobs} blobs) into ${dataDir}`);
  }
}

run(process.argv[2], process.argv[3]).catch((err: unknown) => {
  const known = err instanceof BackupError || err instanceof ConfigError;
  console.error(known ? `Forecourt ${process.argv[2] ?? 'backup'}: ${(err as Error).message}` : err);
  process.exit(1);
});
