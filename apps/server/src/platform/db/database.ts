import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { migrationProvider } from '../../db/migrations';
import { withStatementCache } from './statement-cache';
import { prepareRepeatedStatements } from './pg-prepared';
import { DEFAULT_CHECKPOINTS, startCheckpointer, type CheckpointOptions } from './sqlite-checkpointer';

export type Db = Kysely<Database>;
/**
 * What a repo function runs its statements on: the database, or the caller's open transaction (so the
 * caller's rows and these commit together or not at all). Every repo that takes a transaction says so with it.
 */
export type Executor = Kysely<Database> | Transaction<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
  close(): Promise<void>;
}

export class DatabaseStartError extends Error {}

/** Opens the embedded SQLite file (WAL) in dataDir, or PostgreSQL when a URL is given. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openSqlite(path.join(opts.dataDir, 'forecourt.sqlite'));
}

export function openSqlite(file: string, checkpoints: CheckpointOptions = DEFAULT_CHECKPOINTS): DbHandle {
  let sqlite: SqliteDatabase.Database;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reading the schema fails at once on a file that is not a database.
    sqlite.prepare('select count(*) from sqlite_master').get();
  } catch (err) {
    throw new DatabaseStartError(`Cannot open the database file ${file}: ${(err as Error).message}`);
  }
  // No commit of the event loop's connection copies the WAL into the file: a thread does (sqlite-checkpointer.ts).
  const autoCheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file, checkpoints, {
    onError: (message) => process.emitWarning(`SQLite checkpoint failed: ${message}`),
    onDeath: () => {
      process.emitWarning('The SQLite checkpoint thread ended: commits checkpoint again');
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    },
  });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const close = async () => {
    await checkpointer.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close };
}

export async function openPostgres(url: string): Promise<DbHandle> {
  // Loaded only when PostgreSQL is configured: an embedded SQLite process never holds the pg driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5000 });
  // The server may end a connection (a restart, an administrator's terminate). pg then emits 'error' on
  // the client, which with no listener is thrown out of the process: idle ones have the pool's, but a
  // client lent to a query has none (pg-pool removes it while the client is out, and Kysely adds none),
  // so a restart under load would take every API process down at once. The query itself is rejected, and
  // pg drops the client from the pool and opens another on the next query.
  const onEnded = (err: Error) => process.emitWarning(`PostgreSQL ended a connection: ${err.message}`);
  let connections = 0;
  pool.on('connect', (client) => {
    connections++;
    client.on('error', onEnded);
    prepareRepeatedStatements(client);
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const safeUrl = url.replace(/\/\/[^@]*@/, '//***@');
    throw new DatabaseStartError(`Cannot reach DATABASE_URL ${safeUrl}: ${(err as Error).message}`);
  }
  // The pool re-emits an idle client's error, already warned of by the client's own listener above.
  pool.on('error', () => undefined);
  const ended = new EventEmitter();
  pool.on('remove', () => {
    connections--;
    ended.emit('remove');
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    // pool.end() resolves once every connection is asked to end, not once it has: wait for the goodbyes, so
    // that whatever comes next (a dropped database, the process exit) meets no half-closed connection.
    let gaveUp = false;
    const deadline = setTimeout(() => {
      gaveUp = true;
      ended.emit('remove');
    }, 5000);
    while (connections > 0 && !gaveUp) await once(ended, 'remove');
    clearTimeout(deadline);
  };
  return { db, dialect: 'postgres', close };
}

/** Brings the schema up to date; the same migrations run on both dialects. */
export async function migrate(db: Db): Promise<void> {
  // Modules add migrations independently; order by name but accept one added before a later one ran.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new DatabaseStartError(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
