import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { readBlobReferences } from '../db/blob-references';

// The embedded layout: the database file, and FsBlobStore's files under blobs/ (data/<key> and meta/<key>.json).
const DB_FILE = 'forecourt.sqlite';
const blobFiles = (root: string, key: string) => ({
  data: path.join(root, 'blobs', 'data', key),
  meta: path.join(root, 'blobs', 'meta', `${key}.json`),
});
export const MANIFEST = 'forecourt-backup.json';

export class BackupError extends Error {}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: typeof DB_FILE;
  blobs: number;
  /** Keys the rows referenced that were already absent from DATA_DIR (a fault of the live data, reported). */
  missing: string[];
}

const isEmptyOrAbsent = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Links src at dest (same file system: instant, and the content stays even if src is removed), else copies it. */
function linkOrCopy(src: string, dest: string): boolean {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  try {
    fs.linkSync(src, dest);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') return true;
    try {
      fs.copyFileSync(src, dest);
      return true;
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyErr;
    }
  }
}

function* filesUnder(dir: string, rel = ''): Generator<string> {
  if (!fs.existsSync(path.join(dir, rel))) return;
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) yield* filesUnder(dir, child);
    else yield child;
  }
}

/**
 * A consistent copy of the embedded DATA_DIR while the portal runs: the blobs are linked first (a blob
 * removed afterwards keeps its content here), then SQLite's online backup copies the database in one step
 * (a single read transaction: every row as of one instant, writers not blocked in WAL mode), then only the
 * blobs that snapshot's rows reference are kept, taking from the live store those written in between.
 * The manifest is written last: a folder without it is an interrupted backup, which restore refuses.
 */
export async function backupDataDir(
  dataDir: string,
  dir: string,
  now: () => Date = () => new Date(),
): Promise<BackupManifest> {
  const source = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
  if (!isEmptyOrAbsent(dir)) throw new BackupError(`The backup folder ${dir} is not empty: give a new or empty folder`);
  fs.mkdirSync(dir, { recursive: true });
  const staging = path.join(dir, '.staging');
  const stagedBlobs = path.join(dataDir, 'blobs');
  for (const rel of filesUnder(path.join(stagedBlobs, 'data')))
    linkOrCopy(path.join(stagedBlobs, 'data', rel), path.join(staging, 'blobs', 'data', rel));
  for (const rel of filesUnder(path.join(stagedBlobs, 'meta')))
    linkOrCopy(path.join(stagedBlobs, 'meta', rel), path.join(staging, 'blobs', 'meta', rel));

  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first step of better-sqlite3's backup copies every page at once: no restart under concurrent writes.
    await db.backup(path.join(dir, DB_FILE));
  } finally {
    db.close();
  }

  const refs = readBlobReferences(path.join(dir, DB_FILE));
  const missing: string[] = [];
  let copied = 0;
  for (const key of new Set([...refs.required, ...refs.optional])) {
    const staged = blobFiles(staging, key);
    const live = blobFiles(dataDir, key);
    const target = blobFiles(dir, key);
    const found = linkOrCopy(staged.data, target.data) || linkOrCopy(live.data, target.data);
    if (!found) {
      if (refs.required.has(key)) missing.push(key);
      continue;
    }
    copied += 1;
    if (!linkOrCopy(staged.meta, target.meta)) linkOrCopy(live.meta, target.meta);
  }
  fs.rmSync(staging, { recursive: true, force: true });
  const manifest: BackupManifest = {
    format: 1,
    createdAt: now().toISOString(),
    database: DB_FILE,
    blobs: copied,
    missing: missing.sort(),
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup into an empty DATA_DIR (refusing one that holds anything, so nothing is overwritten):
 * the blobs first, the database last, after SQLite checked the copy.
 */
export function restoreDataDir(dir: string, dataDir: string): BackupManifest {
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${dir} is not a complete Forecourt backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupError(`Unknown backup format ${String(manifest.format)} in ${manifestFile}`);
  if (!isEmptyOrAbsent(dataDir))
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into a new or empty folder`);
  const check = new SqliteDatabase(path.join(dir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The backup's database is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(path.join(dir, 'blobs')))
    fs.cpSync(path.join(dir, 'blobs'), path.join(dataDir, 'blobs'), { recursive: true });
  const partial = path.join(dataDir, `${DB_FILE}.restoring`);
  fs.copyFileSync(path.join(dir, DB_FILE), partial);
  fs.renameSync(partial, path.join(dataDir, DB_FILE));
  return manifest;
}
