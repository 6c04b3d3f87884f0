import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Db } from '../../apps/server/src/platform/db/database';
import { BACKFILL_SQL as COVER_BACKFILL_SQL } from '../../apps/server/src/db/migrations/0009-shooting-list-cover';

/** The bench user reaches the first 5 owners, which hold 25,000 of the 1,000,000 shootings. */
export const BENCH_USER_ID = '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3abe00';
export const SHOOTINGS = 1_000_000;
export const OWNERS = 2_000;
const USER_OWNERS = 5;
const USER_SHOOTINGS = 25_000;
const SHOOTINGS_PER_PRODUCT = 4;
const START = Date.parse('2023-01-01T00:00:00.000Z');
const SPAN = 3 * 365 * 86_400_000;
const NOW = '2026-01-01T00:00:00.000Z';

/** Deterministic pseudo-random numbers, so every run benchmarks the same data. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uuidOf = (prefix: number, n: number) =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ownerId = (i: number) => `own-bench-${String(i).padStart(4, '0')}`;
const LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';

export interface Rows {
  owners: unknown[][];
  products: unknown[][];
  shootings: unknown[][];
  images: unknown[][];
}

/** Every row of the bench data set, as positional value arrays in the column order of COLUMNS. */
export function* generate(): Generator<{ table: keyof Rows; row: unknown[] }> {
  const rnd = mulberry32(42);
  for (let o = 0; o < OWNERS; o++)
    yield { table: 'owners', row: [ownerId(o), 'grp-bench', `Bench Motors ${o}`, '', '[]', NOW] };
  const letter = () => LETTERS[Math.floor(rnd() * LETTERS.length)]!;
  for (let i = 0; i < SHOOTINGS; i++) {
    const mine = i < USER_SHOOTINGS;
    const owners = mine ? USER_OWNERS : OWNERS - USER_OWNERS;
    const owner = (mine ? 0 : USER_OWNERS) + (i % owners);
    const base = mine ? 0 : USER_SHOOTINGS;
    const productIndex =
      Math.floor((i - base) / (owners * SHOOTINGS_PER_PRODUCT)) * owners + (i % owners) + (mine ? 0 : 10_000_000);
    const productId = uuidOf(2, productIndex);
    const registration = `${letter()}${letter()}-${String(100 + ((productIndex * 7919) % 900))}-${letter()}${letter()}`;
    if ((i - base) % (owners * SHOOTINGS_PER_PRODUCT) < owners) {
      yield {
        table: 'products',
        row: [
          productId,
          ownerId(owner),
          `VF1BENCH${String(productIndex).padStart(9, '0')}`,
          registration,
          'Renault',
          'Clio',
          'CAR',
          '["PHOTO"]',
          'DONE',
          NOW,
        ],
      };
    }
    const r = rnd();
    const type = r < 0.7 ? 'STANDARD' : r < 0.85 ? 'VIDEO' : r < 0.95 ? 'INSPECTION' : 'INSPECTION_REPAIR_ORDER';
    const id = uuidOf(3, i);
    const created = new Date(START + Math.floor(rnd() * SPAN)).toISOString();
    yield {
      table: 'shootings',
      row: [id, productId, ownerId(owner), type, registration, 'FINISHED', 'NOT_SENT', 'stamp-bench', '4/3', created],
    };
    if (mine && type !== 'VIDEO') {
      for (let p = 1; p <= 8; p++) {
        yield {
          table: 'images',
          row: [
            uuidOf(4, i * 10 + p),
            id,
            p,
            'ORIGINAL',
            `shootings/${id}/images/${p}.jpg`,
            `shootings/${id}/thumbnails/${p}.jpg`,
            '4/3',
            created,
            created,
          ],
        };
      }
      yield {
        table: 'images',
        row: [
          uuidOf(4, i * 10 + 9),
          id,
          1,
          'STAMPED',
          `shootings/${id}/images/1s.jpg`,
          `shootings/${id}/thumbnails/1s.jpg`,
          '4/3',
          created,
          created,
        ],
      };
    }
  }
}

const COLUMNS: Record<keyof Rows, string[]> = {
  owners: ['id', 'group_id', 'name', 'label', 'contact_information', 'created_at'],
  products: [
    'id',
    'owner_id',
    'vin',
    'registration',
    'brand',
    'model',
    'product_type',
    'workflows',
    'photo_state',
    'created_at',
  ],
  shootings: [
    'id',
    'product_id',
    'owner_id',
    'shooting_type',
    'registration',
    'remarketing_status',
    'dms_status',
    'stamp_id',
    'format',
    'created_at',
  ],
  images: [
    'id',
    'shooting_id',
    'position',
    'image_type',
    'blob_key',
    'thumbnail_key',
    'format',
    'created_at',
    'updated_at',
  ],
};

const HEAD_SQL = [
  `insert into dealer_groups (id, name, created_at) values ('grp-bench', 'Bench Group', '${NOW}')`,
  `insert into stamps (id, group_id, name, format, width, height, overlay_key, created_at) values ('stamp-bench', 'grp-bench', 'Bench frame', '4/3', 1600, 1200, 'stamps/bench/overlay.png', '${NOW}')`,
  `insert into users (id, email, given_name, family_name, locale, group_id, habilitations, roles, created_at) values ('${BENCH_USER_ID}', 'bench@bench.forecourt.test', 'Bench', 'User', 'en', 'grp-bench', '[]', '[]', '${NOW}')`,
  `insert into user_models (user_id, model_type) values ('${BENCH_USER_ID}', 'VIDEO'), ('${BENCH_USER_ID}', 'INSPECT')`,
];
const USER_OWNER_SQL = Array.from(
  { length: USER_OWNERS },
  (_, o) => `insert into user_owners (user_id, owner_id) values ('${BENCH_USER_ID}', '${ownerId(o)}')`,
);

export async function isFilled(db: Db): Promise<boolean> {
  const user = await db.selectFrom('user_owners').select('owner_id').where('user_id', '=', BENCH_USER_ID).execute();
  if (user.length !== USER_OWNERS) return false;
  const n = await db
    .selectFrom('shootings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n.n) === SHOOTINGS;
}

/** Bulk load with prepared statements in one transaction; the shootings indexes are rebuilt afterwards. */
export function fillSqlite(file: string): void {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name in ('shootings', 'images') and sql is not null",
    )
    .all() as { name: string; sql: string }[];
  // The image triggers (list cover) would re-read a shooting's images per insert without their index: off, then one backfill.
  const triggers = db
    .prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'images'")
    .all() as { name: string; sql: string }[];
  const insert = Object.fromEntries(
    Object.entries(COLUMNS).map(([t, cols]) => [
      t,
      db.prepare(`insert into ${t} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`),
    ]),
  ) as Record<keyof Rows, SqliteDatabase.Statement>;
  db.transaction(() => {
    for (const ix of indexes) db.exec(`drop index ${ix.name}`);
    for (const t of triggers) db.exec(`drop trigger ${t.name}`);
    for (const s of [...HEAD_SQL, ...USER_OWNER_SQL]) db.exec(s);
    for (const { table, row } of generate()) insert[table].run(...row);
    for (const ix of indexes) db.exec(ix.sql);
    db.exec(COVER_BACKFILL_SQL);
    for (const t of triggers) db.exec(t.sql);
  })();
  db.exec('analyze');
  db.close();
}

/** Bulk load in batches of unnest() inserts in one transaction; the shootings indexes are rebuilt afterwards. */
export async function fillPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        "select indexname, indexdef from pg_indexes where tablename in ('shootings', 'images') and indexname not like '%_pkey'",
      )
    ).rows;
    for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);
    await client.query('alter table images disable trigger user');
    for (const s of HEAD_SQL) await client.query(s);
    const batches: Record<keyof Rows, unknown[][]> = { owners: [], products: [], shootings: [], images: [] };
    const flush = async (table: keyof Rows) => {
      const rows = batches[table];
      if (rows.length === 0) return;
      const cols = COLUMNS[table];
      const arrays = cols.map((_, c) => rows.map((r) => r[c]));
      const types = cols.map((c) => (c === 'position' ? 'int[]' : 'text[]'));
      await client.query(
        `insert into ${table} (${cols.join(', ')}) select * from unnest(${types.map((t, i) => `$${i + 1}::${t}`).join(', ')})`,
        arrays,
      );
      batches[table] = [];
    };
    // Parents before children: owners and products are flushed before the shootings that point at them.
    for (const { table, row } of generate()) {
      batches[table].push(row);
      if (batches[table].length >= 10_000) {
        if (table !== 'owners') await flush('owners');
        if (table === 'shootings' || table === 'images') await flush('products');
        if (table === 'images') await flush('shootings');
        await flush(table);
      }
    }
    for (const t of ['owners', 'products', 'shootings', 'images'] as const) await flush(t);
    for (const s of USER_OWNER_SQL) await client.query(s);
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query(COVER_BACKFILL_SQL);
    await client.query('alter table images enable trigger user');
    await client.query('commit');
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * What a dealer types to find a car of the bench user's: the first six characters of the registration of their first
 * STANDARD shooting of 2024 ("KT-612"), so that the search scenario answers a page of real items.
 */
export function searchedRegistration(): string {
  for (const { table, row } of generate()) {
    if (table === 'shootings' && row[3] === 'STANDARD' && String(row[9]).startsWith('2024-'))
      return String(row[4]).slice(0, 6);
  }
  throw new Error('The bench data hold no STANDARD shooting of 2024');
}
