import type { LiveRecordingsTable } from '../../../db/schema';
import { camelRow, snakeRow, type Camel } from '../../../platform/db/camel-rows';
import type { Db, Executor } from '../../../platform/db/database';

/** A room's recording in the domain's camelCase. */
export type LiveRecordingRow = Camel<LiveRecordingsTable>;

const recordingOf = (row: LiveRecordingsTable | undefined): LiveRecordingRow | null => (row ? camelRow(row) : null);

/** Inserts a recording in progress; false when the room already has one on (the partial unique index). */
export async function insertRecording(db: Db, row: LiveRecordingRow): Promise<boolean> {
  try {
    await db
      .insertInto('live_recordings')
      .values(snakeRow<LiveRecordingsTable>(row) as LiveRecordingsTable)
      .execute();
    return true;
  } catch (err) {
    // SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's unique_violation.
    const code = (err as { code?: string })?.code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') return false;
    throw err;
  }
}

export async function deleteRecording(db: Db, id: string): Promise<void> {
  await db.deleteFrom('live_recordings').where('id', '=', id).execute();
}

/** The room's recording in progress, if any. */
export async function findActiveRecording(db: Db, roomId: string): Promise<LiveRecordingRow | null> {
  return recordingOf(
    await db
      .selectFrom('live_recordings')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('status', '=', 'recording')
      .executeTakeFirst(),
  );
}

export async function findRecording(db: Db, roomId: string, id: string): Promise<LiveRecordingRow | null> {
  return recordingOf(
    await db
      .selectFrom('live_recordings')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

export async function findRecordingById(db: Db, id: string): Promise<LiveRecordingRow | null> {
  return recordingOf(await db.selectFrom('live_recordings').selectAll().where('id', '=', id).executeTakeFirst());
}

export async function findRecordingByShareToken(db: Db, token: string): Promise<LiveRecordingRow | null> {
  return recordingOf(
    await db.selectFrom('live_recordings').selectAll().where('share_token', '=', token).executeTakeFirst(),
  );
}

/** The room's recordings, newest first. */
export async function listRecordings(db: Db, roomId: string): Promise<LiveRecordingRow[]> {
  const rows = await db
    .selectFrom('live_recordings')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('started_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(camelRow);
}

/**
 * Stops the recording in progress and queues its composition in the same transaction (`enqueue` writes the
 * job with it), so a stopped recording never lacks its job; false when it was not (any more) recording.
 */
export async function markStopped(
  db: Db,
  id: string,
  stoppedAt: string,
  durationMs: number,
  enqueue: (trx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('live_recordings')
      .set({ status: 'processing', stopped_at: stoppedAt, duration_ms: durationMs })
      .where('id', '=', id)
      .where('status', '=', 'recording')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await enqueue(trx);
    return true;
  });
}

/** The composed MP4 is stored: ready, unless another run got there first. */
export async function markReady(db: Db, id: string, blobKey: string, sizeBytes: number): Promise<void> {
  await db
    .updateTable('live_recordings')
    .set({ status: 'ready', blob_key: blobKey, size_bytes: sizeBytes, error: null })
    .where('id', '=', id)
    .where('status', 'in', ['processing', 'failed'])
    .execute();
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('live_recordings')
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** Sets the share token once; answers the token the row holds afterwards. */
export async function setShareToken(db: Db, id: string, token: string): Promise<string | null> {
  await db
    .updateTable('live_recordings')
    .set({ share_token: token })
    .where('id', '=', id)
    .where('share_token', 'is', null)
    .execute();
  return (
    (await db.selectFrom('live_recordings').select('share_token').where('id', '=', id).executeTakeFirst())
      ?.share_token ?? null
  );
}
