import { getOrCreateRef } from '../modules/players/players.repo';
import { demoUuid, seededRandom } from './demo-random';
import type { SeedContext } from './seed-context';

const DAY_MS = 86_400_000;
/** How far back the demo's visits, shares and ratings go: the longest preset of the statistics screen. */
const HISTORY_DAYS = 90;
/** Shootings of each dealer group whose player links customers have used. */
const SHARED_PER_GROUP = 12;

/**
 * The demo's player activity, so the statistics screen has something to count: for some finished
 * shootings of each group, a player link (the portal's marketplace, as a dealer's share makes it) with
 * visits, shares by e-mail and SMS and ratings over the last 90 days, more of them recently. Event and
 * rating ids derive from the shooting, so a second seed writes nothing.
 */
export async function seedStatistics(ctx: SeedContext): Promise<void> {
  const { db, clock, ids } = ctx.adapters;
  const nowMs = clock.now().getTime();
  const shared = ctx.plan.shootings.filter(
    (s) => (s.type === 'STANDARD' || s.type === 'VIDEO') && s.status === 'FINISHED',
  );
  const byGroup = new Map<string, typeof shared>();
  for (const s of shared) byGroup.set(s.groupId, [...(byGroup.get(s.groupId) ?? []), s]);

  for (const shootings of byGroup.values()) {
    for (const [n, shooting] of shootings.slice(0, SHARED_PER_GROUP).entries()) {
      const r = seededRandom(`statistics:${shooting.id}`);
      const createdMs = Math.max(new Date(shooting.createdAt).getTime(), nowMs - HISTORY_DAYS * DAY_MS);
      // Activity after the shooting, weighted towards the recent days (a link is most used when new or re-sent).
      const when = () => new Date(createdMs + (nowMs - createdMs) * Math.sqrt(r.next())).toISOString();
      const ref = await getOrCreateRef(db, {
        shootingId: shooting.id,
        marketplace: 'FORECOURT',
        newRef: ids.token(),
        userId: shooting.createdBy,
        now: new Date(createdMs).toISOString(),
      });
      const events = [
        ...Array.from({ length: r.int(4, 36) }, () => ({ kind: 'PLAYER_WATCHED', payload: {} })),
        // Every link was sent at least once; the group's first one by SMS too.
        ...Array.from({ length: r.int(1, 4) }, () => ({
          kind: 'PLAYER_SHARED',
          payload: { source: 'WEB', sharingType: 'EMAIL' },
        })),
        ...Array.from({ length: r.int(n === 0 ? 1 : 0, 3) }, () => ({
          kind: 'PLAYER_SHARED',
          payload: { source: 'WEB', sharingType: 'SMS' },
        })),
      ].map((e, i) => ({
        id: demoUuid(`statistics:${shooting.id}:${i}`),
        user_id: e.kind === 'PLAYER_SHARED' ? shooting.createdBy : null,
        kind: e.kind,
        subject: ref,
        payload: JSON.stringify(e.payload),
        created_at: when(),
      }));
      await db
        .insertInto('statistics_events')
        .values(events)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const ratings = Array.from({ length: r.int(n === 0 ? 1 : 0, 3) }, (_, i) => ({
        id: demoUuid(`rating:${shooting.id}:${i}`),
        kind: 'PLAYER',
        target: ref,
        visitor: `demo-visitor-${i}`,
        score: r.pick([3, 4, 4, 5, 5, 5]),
        comment: null,
        created_at: when(),
      }));
      if (ratings.length)
        await db
          .insertInto('ratings')
          .values(ratings)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
    }
  }
}
