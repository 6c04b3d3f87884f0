import type { Kysely } from 'kysely';

/**
 * The lobby of a live room (PostgreSQL signal bus): a member whose socket was opened from the preview waits
 * (`waiting` = 1) — it negotiates its connections ahead but is listed to nobody — until it joins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('live_members')
    .addColumn('waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_members').dropColumn('waiting').execute();
}
