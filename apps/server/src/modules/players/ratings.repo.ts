import type { Db } from '../../platform/db/database';

/** What a rating is of: a public player (its reference) or a live room (its id). */
export type RatingKind = 'PLAYER' | 'LIVE';

/** Inserts the rating unless one with this id exists (the caller's id says what may be rated once); false when it did. */
export async function insertRatingOnce(
  db: Db,
  kind: RatingKind,
  row: { id: string; target: string; visitor: string; score: number; comment: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('ratings')
    .values({
      id: row.id,
      kind,
      target: row.target,
      visitor: row.visitor,
      score: row.score,
      comment: row.comment,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many ratings of this kind the visitor left since `since`. */
export async function countRatingsSince(db: Db, kind: RatingKind, visitor: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('ratings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', kind)
    .where('visitor', '=', visitor)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
