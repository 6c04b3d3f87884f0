import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Db } from './database';

/**
 * Hand-written SQL for the reads every request makes (the caller's account, the shootings list): the
 * text is built as a plain string with placeholders in the dialect's style and run as is, skipping
 * Kysely's query builder and compiler, which cost more than these indexed statements themselves.
 * Every value goes through bind(), never into the text.
 */
export class SqlParams {
  readonly values: unknown[] = [];
  private readonly numbered: boolean;

  constructor(db: Db) {
    this.numbered = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Whether the statement is for PostgreSQL (numbered placeholders), else SQLite. */
  get postgres(): boolean {
    return this.numbered;
  }

  /** The placeholder of one value. */
  bind(value: unknown): string {
    this.values.push(value);
    return this.numbered ? `$${this.values.length}` : '?';
  }

  /** Placeholders of a list of values, comma-separated (for `in (...)`). */
  list(values: readonly unknown[]): string {
    return values.map((v) => this.bind(v)).join(', ');
  }
}

export async function rawRows<R>(db: Db, text: string, params: SqlParams): Promise<R[]> {
  const { rows } = await db.executeQuery<R>(CompiledQuery.raw(text, params.values));
  return rows;
}
