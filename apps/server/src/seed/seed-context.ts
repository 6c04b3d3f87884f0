import type { InsertObject } from 'kysely';
import type { Database } from '../db/schema';
import type { Executor } from '../platform/db/database';
import type { Adapters } from '../platform/adapters';
import { buildDemoPlan, type DemoPlan } from './demo-plan';
import { DemoPictures } from './demo-pictures';
import { MACHINE_RENDER_CACHE, RenderCache } from './render-cache';

/** What every seed step receives: the adapters, the plan of rows to write and the renders. */
export interface SeedContext {
  adapters: Adapters;
  plan: DemoPlan;
  pictures: DemoPictures;
  /** Every generated file (pictures, overlays, clips), made once per run and kept for the next seeds. */
  renders: RenderCache;
}

export function createSeedContext(adapters: Adapters, renders = new RenderCache(MACHINE_RENDER_CACHE)): SeedContext {
  return { adapters, plan: buildDemoPlan(adapters.clock.now()), pictures: new DemoPictures(renders), renders };
}

/** Which of the planned rows a table already has: a second seed writes only the rest. */
export async function seededIds(ctx: SeedContext, table: 'shootings' | 'stamps', planned: readonly { id: string }[]) {
  const rows = await ctx.adapters.db
    .selectFrom(table)
    .select('id')
    .where(
      'id',
      'in',
      planned.map((p) => p.id),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Runs `fn` over `items` with at most `limit` calls in flight. After a failure no new call starts; the
 * calls in flight are let finish, then the first failure is thrown, so nothing still writes afterwards.
 */
export async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await fn(items[next++]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Inserts the rows but those already there (by any unique key): a second seed run adds nothing. */
export async function insertMissing<T extends keyof Database & string>(
  db: Executor,
  table: T,
  rows: InsertObject<Database, T> | readonly InsertObject<Database, T>[],
): Promise<void> {
  if (Array.isArray(rows) && rows.length === 0) return;
  await db
    .insertInto(table)
    .values(rows as InsertObject<Database, T>)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
