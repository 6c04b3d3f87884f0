import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  const sqlite = new SqliteDatabase(':memory:');
  afterEach(() => sqlite.exec('drop table if exists t'));

  it('hands back the kept statement for the same text, which still sees later writes', () => {
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer)');
    const first = db.prepare('select n from t order by n');
    expect(first.all([])).toEqual([]);
    sqlite.exec('insert into t values (1), (2)');
    const again = db.prepare('select n from t order by n');
    expect(again).toBe(first);
    expect(again.all([])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('gives a statement being iterated a sibling instead of failing as busy', () => {
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1), (2)');
    const streaming = db.prepare('select n from t order by n') as unknown as SqliteDatabase.Statement;
    const seen: unknown[] = [];
    for (const row of streaming.iterate()) seen.push(row, db.prepare('select n from t order by n').all([]));
    expect(seen).toEqual([{ n: 1 }, [{ n: 1 }, { n: 2 }], { n: 2 }, [{ n: 1 }, { n: 2 }]]);
  });

  it('keeps at most max statements, forgetting the least recently used', () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(db.prepare('select 3'));
  });

  it('follows a schema change on a kept statement', () => {
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1)');
    expect(db.prepare('select * from t').all([])).toEqual([{ n: 1 }]);
    sqlite.exec('alter table t add column m integer default 7');
    expect(db.prepare('select * from t').all([])).toEqual([{ n: 1, m: 7 }]);
  });
});
