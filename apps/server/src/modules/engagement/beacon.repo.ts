import type { Db } from '../../platform/db/database';

export interface BatchRecord {
  token: string;
  visit: string;
  seq: number;
  device: string;
  now: string;
  visibleMs: number;
  videoShare: number;
  rating: number | null;
  contacts: number;
  angles: { frame: number; ms: number }[];
  moments: { kind: string; detail: string }[];
}

/**
 * Counts one batch of a visit, once: the batch's row is the gate (a retried batch finds it and changes
 * nothing). Answers whether the batch was new and whether it opened the visit.
 */
export async function recordBatch(db: Db, b: BatchRecord): Promise<{ counted: boolean; newVisit: boolean }> {
  return db.transaction().execute(async (trx) => {
    const gate = await trx
      .insertInto('engagement_batches')
      .values({ token: b.token, visit_id: b.visit, seq: b.seq, created_at: b.now })
      .onConflict((oc) => oc.columns(['token', 'visit_id', 'seq']).doNothing())
      .executeTakeFirst();
    if (Number(gate.numInsertedOrUpdatedRows ?? 0) !== 1) return { counted: false, newVisit: false };
    const opened = await trx
      .insertInto('engagement_visits')
      .values({
        token: b.token,
        visit_id: b.visit,
        device: b.device,
        opened_at: b.now,
        last_at: b.now,
        visible_ms: b.visibleMs,
        video_share: b.videoShare,
        rating: b.rating,
        contacts: b.contacts,
      })
      .onConflict((oc) => oc.columns(['token', 'visit_id']).doNothing())
      .executeTakeFirst();
    const newVisit = Number(opened.numInsertedOrUpdatedRows ?? 0) === 1;
    if (!newVisit)
      await trx
        .updateTable('engagement_visits')
        .set((eb) => ({
          last_at: b.now,
          visible_ms: eb('visible_ms', '+', b.visibleMs),
          video_share: eb
            .case()
            .when('video_share', '<', b.videoShare)
            .then(b.videoShare)
            .else(eb.ref('video_share'))
            .end(),
          rating: b.rating ?? eb.ref('rating'),
          contacts: eb('contacts', '+', b.contacts),
        }))
        .where('token', '=', b.token)
        .where('visit_id', '=', b.visit)
        .execute();
    if (b.angles.length > 0)
      await trx
        .insertInto('engagement_angles')
        .values(b.angles.map((a) => ({ token: b.token, visit_id: b.visit, frame: a.frame, ms: a.ms })))
        .onConflict((oc) =>
          oc.columns(['token', 'visit_id', 'frame']).doUpdateSet((eb) => ({
            ms: eb('engagement_angles.ms', '+', eb.ref('excluded.ms')),
          })),
        )
        .execute();
    if (b.moments.length > 0)
      await trx
        .insertInto('engagement_moments')
        .values(
          b.moments.map((m) => ({ token: b.token, visit_id: b.visit, kind: m.kind, detail: m.detail, at: b.now })),
        )
        .execute();
    return { counted: true, newVisit };
  });
}

/**
 * Erases what a visit recorded (its angles and moments go with it) and the salesperson's alert it raised (an alert
 * e-mail not sent yet finds no alert and is not sent); its batches stay counted, so nothing comes back.
 */
export async function eraseVisit(db: Db, token: string, visit: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_alerts').where('token', '=', token).where('visit_id', '=', visit).execute();
    await trx.deleteFrom('engagement_visits').where('token', '=', token).where('visit_id', '=', visit).execute();
  });
}

/** Removes visits opened, and batch marks written, before `before` (the retention's end). */
export async function deleteBefore(db: Db, before: string): Promise<{ visits: number }> {
  const visits = await db.deleteFrom('engagement_visits').where('opened_at', '<', before).executeTakeFirst();
  await db.deleteFrom('engagement_batches').where('created_at', '<', before).execute();
  return { visits: Number(visits.numDeletedRows) };
}
