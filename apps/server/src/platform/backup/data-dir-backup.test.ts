import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { seedAccounts } from '../../seed/seed-accounts';
import { spawnTs } from '../../test/child-process';
import { createAdapters } from '../adapters';
import {
  BLOB_COLUMNS,
  keyLikeColumns,
  NOT_BLOB_COLUMNS,
  OPTIONAL_BLOB_COLUMNS,
  readBlobReferences,
} from '../db/blob-references';
import { backupDataDir, BackupError, restoreDataDir } from './data-dir-backup';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const writer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/backup-writer.fixture.ts');

// The embedded default only: always SQLite, whatever database the rest of the run targets.
const embedded = (dataDir: string) =>
  createAdapters(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }));

describe('backup and restore of the embedded DATA_DIR', () => {
  it('knows, for every column named like a key, whether it holds a blob', async () => {
    const dataDir = path.join(tmp, 'schema');
    (await embedded(dataDir)).close();
    const classified = [BLOB_COLUMNS, OPTIONAL_BLOB_COLUMNS, NOT_BLOB_COLUMNS].flatMap((m) =>
      Object.entries(m).flatMap(([table, cols]) => cols.map((c) => `${table}.${c}`)),
    );
    expect(keyLikeColumns(path.join(dataDir, 'forecourt.sqlite')).filter((c) => !classified.includes(c))).toEqual([]);
  });

  it('copies a running portal taking writes, and restores a copy whose every row finds its blobs', async () => {
    const dataDir = path.join(tmp, 'live');
    const live = await embedded(dataDir);
    await seedAccounts(live);
    await live.close();
    const load = spawnTs(writer, [], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      DATABASE_URL: undefined,
      BLOB_DRIVER: 'fs',
    });
    let manifest;
    try {
      await load.printed(/^wrote 6$/);
      manifest = await backupDataDir(dataDir, path.join(tmp, 'copy'));
      // The writer kept going during the copy: the backup was taken under load, not after it.
      await load.printed(new RegExp(`^wrote ${Number(/\d+/.exec(load.output.at(-1)!)![0]) + 2}$`));
    } finally {
      load.child.kill('SIGTERM');
    }
    expect(await load.exited).toBe(0);
    expect(manifest.missing).toEqual([]);

    const restoredDir = path.join(tmp, 'restored');
    restoreDataDir(path.join(tmp, 'copy'), restoredDir);
    const restored = await embedded(restoredDir);
    try {
      const refs = readBlobReferences(path.join(restoredDir, 'forecourt.sqlite'));
      expect(refs.required.size).toBeGreaterThanOrEqual(12);
      for (const key of refs.required) expect(await restored.blobs.head(key), key).not.toBeNull();
      const images = await restored.db.selectFrom('images').select(['blob_key', 'thumbnail_key']).execute();
      expect(images.length).toBeGreaterThanOrEqual(6);
      for (const image of images) {
        for (const key of [image.blob_key, image.thumbnail_key]) {
          const meta = await sharp((await restored.blobs.getBuffer(key!))!).metadata();
          expect(meta.format, key!).toBe('jpeg');
        }
      }
      // Nothing half-written: every shooting in the copy has its three pictures.
      const perShooting = await restored.db
        .selectFrom('shootings')
        .leftJoin('images', 'images.shooting_id', 'shootings.id')
        .select(['shootings.id', (eb) => eb.fn.count<number>('images.id').as('n')])
        .groupBy('shootings.id')
        .execute();
      expect(perShooting.filter((s) => Number(s.n) !== 3)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a non-empty target and an incomplete backup', async () => {
    const full = path.join(tmp, 'not-empty');
    fs.mkdirSync(full, { recursive: true });
    fs.writeFileSync(path.join(full, 'something'), 'x');
    expect(() => restoreDataDir(path.join(tmp, 'copy'), full)).toThrow(BackupError);
    expect(fs.readdirSync(full)).toEqual(['something']);
    await expect(backupDataDir(path.join(tmp, 'restored'), full)).rejects.toThrow(/not empty/);
    expect(() => restoreDataDir(full, path.join(tmp, 'fresh'))).toThrow(/not a complete Forecourt backup/);
    expect(fs.existsSync(path.join(tmp, 'fresh'))).toBe(false);
  });
});
