import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeShooting } from '../../modules/shootings/shootings.fixtures';
import { seedAccounts } from '../../seed/seed-accounts';
import { createTestAdapters, onPostgres } from '../../test/test-adapters';
import { DatabaseStartError, migrate, openPostgres, openSqlite } from './database';

const SPEC_TABLES = [
  'dealer_groups',
  'users',
  'user_options',
  'user_models',
  'owners',
  'user_owners',
  'products',
  'shootings',
  'images',
  'videos',
  'stamps',
  'stamp_configurations',
  'reports',
  'player_references',
  'ratings',
  'live_rooms',
  'video_configurations',
  'notifications_outbox',
  'statistics_events',
  'jobs',
];

/** A port on 127.0.0.1 nobody listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe(`the database (${onPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  beforeAll(async () => {
    adapters = await createTestAdapters();
  });
  afterAll(async () => {
    await adapters.cleanup();
  });

  it('has a table for every entity of the spec once migrated', async () => {
    const tables = (await adapters.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(SPEC_TABLES));
  });

  it('changes nothing when the migrations run again', async () => {
    const before = await adapters.db.introspection.getTables();
    await migrate(adapters.db);
    expect(await adapters.db.introspection.getTables()).toEqual(before);
  });

  it('rejects a row that breaks a foreign key', async () => {
    await expect(
      adapters.db.insertInto('user_owners').values({ user_id: 'no-such-user', owner_id: 'no-such-owner' }).execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  // Only PostgreSQL has connections a server can end: the test exists on the PostgreSQL pass of CI alone.
  if (onPostgres())
    it('survives the server ending its idle connections, and closes with none left open', async () => {
      const handle = await openPostgres(process.env.TEST_DATABASE_URL!);
      const tag = sql`set application_name = 'fc-close-test'`;
      const backends = async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where application_name = 'fc-close-test'`.execute(adapters.db);
        return Number(rows[0]?.n);
      };
      await tag.execute(handle.db);
      expect(await backends()).toBe(1);
      // What a PostgreSQL restart or an administrator does to the idle connection: without a listener on the
      // pool the error would end this process.
      const warned = new Promise<string>((resolve) => {
        const onWarning = (w: Error) => {
          if (!w.message.startsWith('PostgreSQL')) return;
          process.off('warning', onWarning);
          resolve(w.message);
        };
        process.on('warning', onWarning);
      });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'fc-close-test'`.execute(adapters.db);
      expect(await warned).toMatch(/PostgreSQL ended a connection: terminating connection/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
      await tag.execute(handle.db);
      expect(await backends()).toBe(1);
      await handle.close();
      // Gone once close() returns, so dropping the database right after meets no half-closed connection.
      expect(await backends()).toBe(0);
    });

  if (onPostgres())
    it('prepares a statement run with parameters once per connection, and runs it again with other values', async () => {
      await adapters.db.transaction().execute(async (trx) => {
        const echo = async (v: string) =>
          (await sql<{ v: string }>`select /* prepared-marker */ ${v}::text as v`.execute(trx)).rows[0]?.v;
        expect([await echo('a'), await echo('b')]).toEqual(['a', 'b']);
        const { rows } = await sql<{
          n: string;
        }>`select count(*) as n from pg_prepared_statements where statement like ${'%prepared-marker%'}`.execute(trx);
        expect(Number(rows[0]?.n)).toBe(1);
      });
    });

  if (onPostgres())
    it('runs a prepared statement unnamed once a migration changed its result columns, after the one refusal PostgreSQL gives', async () => {
      await adapters.db.transaction().execute(async (trx) => {
        await sql`create table prepared_probe (a integer)`.execute(trx);
        await sql`insert into prepared_probe values (1)`.execute(trx);
        const read = async () =>
          (await sql<Record<string, number | null>>`select * from prepared_probe where a = ${1}`.execute(trx)).rows;
        expect(await read()).toEqual([{ a: 1 }]);
        // What another process's migration does while this one runs.
        await sql`alter table prepared_probe add column b integer`.execute(trx);
        await sql`savepoint probe`.execute(trx);
        await expect(read()).rejects.toThrow(/cached plan must not change result type/);
        await sql`rollback to savepoint probe`.execute(trx);
        expect(await read()).toEqual([{ a: 1, b: null }]);
        await sql`drop table prepared_probe`.execute(trx);
      });
    });

  // SQLite writes one transaction at a time; on PostgreSQL the list version is bumped at commit (0033).
  if (onPostgres())
    it('lets a second shooting of an owner commit while the first one’s transaction is open, each bumping the list version at its commit', async () => {
      await seedAccounts(adapters);
      const source = await makeShooting(adapters, { ownerId: 'own-demo-paris' });
      const ownerVersion = async () =>
        Number(
          (
            await adapters.db
              .selectFrom('shooting_list_versions')
              .select('version')
              .where('owner_id', '=', 'own-demo-paris')
              .executeTakeFirst()
          )?.version ?? 0,
        );
      // A registration's row: the columns the registration writes, copied from the fixture's shooting.
      const copy = (db: typeof adapters.db, id: string) =>
        sql`insert into shootings (id, product_id, owner_id, shooting_type, registration, remarketing_status, dms_status, stamp_id, format, created_by, created_at)
            select ${id}, product_id, owner_id, shooting_type, registration, remarketing_status, dms_status, stamp_id, format, created_by, created_at
            from shootings where id = ${source.shootingId}`.execute(db);
      const before = await ownerVersion();

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const firstInserted = new Promise<void>((r) => (inserted = r));
      const first = adapters.db.transaction().execute(async (trx) => {
        await copy(trx, `${source.shootingId}-a`);
        inserted();
        await held;
      });
      try {
        await firstInserted;
        // With the bump at the insert, this waited for the first transaction's end: here it would time out.
        await adapters.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '5s'`.execute(trx);
          await copy(trx, `${source.shootingId}-b`);
        });
        expect(await ownerVersion()).toBe(before + 1);
      } finally {
        release();
        await first;
      }
      expect(await ownerVersion()).toBe(before + 2);
    });

  if (onPostgres())
    it('survives the server ending a connection in the middle of a query: that query fails, the next ones run', async () => {
      const handle = await openPostgres(process.env.TEST_DATABASE_URL!);
      try {
        // A restart (pg_ctl restart -m immediate) under load: some connection is always lent to a query.
        const busy = handle.db.transaction().execute(async (trx) => {
          await sql`set application_name = 'fc-busy-test'`.execute(trx);
          await sql`select pg_sleep(30)`.execute(trx);
        });
        const failed = busy.then(
          () => null,
          (err: Error) => err.message,
        );
        await expect
          .poll(async () => {
            const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
              where application_name = 'fc-busy-test' and state = 'active'`.execute(adapters.db);
            return Number(rows[0]?.n);
          })
          .toBe(1);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fc-busy-test'`.execute(
          adapters.db,
        );
        expect(await failed).toMatch(/terminat/i);
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
        expect(rows[0]?.one).toBe(1);
      } finally {
        await handle.close();
      }
    });
});

describe('opening the database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-db-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the embedded database in WAL mode', async () => {
    const handle = openSqlite(path.join(dir, 'wal.sqlite'));
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    expect(rows[0]?.journal_mode).toBe('wal');
    await handle.close();
  });

  it('leaves WAL checkpoints to a thread: a commit never copies the WAL, the thread does, and bounds it', async () => {
    const file = path.join(dir, 'checkpoints.sqlite');
    const handle = openSqlite(file, { intervalMs: 50, walLimitBytes: 1024 * 1024 });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table pages (v blob)`.execute(handle.db);
    const before = fs.statSync(file).size;
    // 6 MB in one commit, past the 1000 pages at which SQLite's own checkpoint would run in this very commit.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1500) insert into pages select randomblob(4000) from n`.execute(
      handle.db,
    );
    expect(fs.statSync(file).size).toBe(before);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(6_000_000);
    // The thread copies it into the file, then, the WAL being past its limit, empties it.
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(6_000_000), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(fs.statSync(`${file}-wal`).size).toBe(0), { timeout: 10_000, interval: 20 });
    const count = await sql<{ n: number }>`select count(*) as n from pages`.execute(handle.db);
    expect(count.rows[0]?.n).toBe(1500);
    await handle.close();
  });

  it('stops the checkpoint thread in a process with nothing else to do, then closes the connection', () => {
    const file = path.join(dir, 'closing.sqlite');
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./checkpointer-close.fixture.ts', import.meta.url)), file],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(out).toContain('stopped, WAL removed');
  });

  it('refuses a file that is not a database, naming it', () => {
    const file = path.join(dir, 'corrupt.sqlite');
    fs.writeFileSync(file, 'this is not a database, it is a text file that got in the way'.repeat(100));
    expect(() => openSqlite(file)).toThrow(DatabaseStartError);
    expect(() => openSqlite(file)).toThrow(/Cannot open the database file .*corrupt\.sqlite/);
  });

  it('refuses an unreachable PostgreSQL server without showing the password', async () => {
    const url = `postgres://forecourt:s3cret@127.0.0.1:${await closedPort()}/forecourt`;
    const err = await openPostgres(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseStartError);
    expect((err as Error).message).toMatch(/^Cannot reach DATABASE_URL postgres:\/\/\*\*\*@127\.0\.0\.1/);
    expect((err as Error).message).not.toContain('s3cret');
  });
});
