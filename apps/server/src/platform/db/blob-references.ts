import SqliteDatabase from 'better-sqlite3';

/**
 * Every column that holds a blob key, by table. A row whose key is listed here needs that blob; the
 * backup copies exactly these (blob-references.test.ts fails when a new `*_key` column is not classified).
 */
export const BLOB_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  owners: ['logo_key', 'plate_cover_key'],
  stamps: ['overlay_key'],
  stamp_versions: ['overlay_key', 'background_key'],
  stamp_configurations: ['background_key'],
  shootings: ['cover_key'],
  images: ['blob_key', 'thumbnail_key'],
  image_variants: ['blob_key'],
  videos: ['blob_key', 'poster_key'],
  reports: ['blob_key'],
  video_configurations: ['introduction_key', 'conclusion_key', 'audio_key'],
  live_recordings: ['blob_key'],
};

/** Blob keys of uploads granted or under way, perhaps never finished: copied when present, not missed when absent. */
export const OPTIONAL_BLOB_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  upload_grants: ['blob_key'],
  media_uploads: ['blob_key'],
};

/** Columns named like keys that are not blob keys. */
export const NOT_BLOB_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  jobs: ['idempotency_key'],
  login_attempts: ['key'],
  // A job's e-mail is sent once per key (decision 0062).
  notifications_outbox: ['dedupe_key'],
  rate_limits: ['key'],
  shootings: ['registration_key'],
  // A webhook's ordering stream (a shooting, a room): deliveries are in order within one.
  webhook_events: ['stream_key'],
  webhook_deliveries: ['stream_key'],
  webhook_streams: ['stream_key'],
};

export interface BlobReferences {
  required: Set<string>;
  optional: Set<string>;
}

const keysOf = (db: SqliteDatabase.Database, columns: Readonly<Record<string, readonly string[]>>): Set<string> => {
  const keys = new Set<string>();
  for (const [table, cols] of Object.entries(columns)) {
    for (const col of cols) {
      for (const row of db
        .prepare(`select distinct "${col}" as k from "${table}" where "${col}" is not null`)
        .iterate()) {
        keys.add((row as { k: string }).k);
      }
    }
  }
  return keys;
};

/** The blob keys the rows of an SQLite database file reference (a backup's copy, read only). */
export function readBlobReferences(file: string): BlobReferences {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return { required: keysOf(db, BLOB_COLUMNS), optional: keysOf(db, OPTIONAL_BLOB_COLUMNS) };
  } finally {
    db.close();
  }
}

/** Every `table.column` of an SQLite database whose name ends in `key`: what the lists above must cover. */
export function keyLikeColumns(file: string): string[] {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`,
      )
      .all() as { name: string }[];
    return tables.flatMap(({ name }) =>
      (db.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[])
        .filter((c) => /(^|_)key$/.test(c.name))
        .map((c) => `${name}.${c.name}`),
    );
  } finally {
    db.close();
  }
}
