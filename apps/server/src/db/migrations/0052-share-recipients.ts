import type { Kysely } from 'kysely';

/**
 * Personal player links (issue 31, point 1): each e-mail or SMS share, and each "copy link for …" with a
 * name, gives the recipient a token of its own, kept with the share (who, how reached, who sent it, when).
 * The token travels in the link (`/p/{ref}/{token}`); the reference's links without one keep working.
 * A recipient goes with its reference (a deleted shooting's references cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_recipients')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull().references('player_references.ref').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_recipients_ref').on('share_recipients').columns(['ref', 'created_at']).execute();
  await db.schema
    .createIndex('share_recipients_sender')
    .on('share_recipients')
    .columns(['sender_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_recipients').execute();
}
