import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * better-sqlite3 for Kysely with its prepared statements kept, most recently used first: Kysely
 * prepares every query it runs, and preparing costs more than running a small indexed read. SQLite
 * re-prepares a kept statement by itself when the schema changes. A statement still being iterated
 * (a streamed query) is busy, so the same text then gets a statement of its own.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, max = 500): KyselySqliteDatabase {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      const hit = kept.get(text);
      if (hit && !hit.busy) {
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      if (hit) return sqlite.prepare(text);
      const stmt = sqlite.prepare(text);
      kept.set(text, stmt);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return stmt;
    },
  };
}
