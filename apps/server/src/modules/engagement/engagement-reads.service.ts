import {
  ENGAGED_VISIBLE_MS,
  type DeviceClass,
  type EngagementMomentKind,
  type EngagementRecipient,
  type EngagementResponse,
  type FunnelCounts,
  type FunnelQuery,
  type FunnelResponse,
  type RecipientChannel,
  type ShootingType,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { ownersOf } from '../identity/users.service';
import { findRegistrationInScope, requireShooting, type ShootingAddress } from '../shootings/shooting-scope.service';
import { localDay } from '../statistics/local-days';
import { ownStatisticsScope } from '../statistics/statistics.service';
import * as repo from './engagement-reads.repo';

type Deps = Pick<Adapters, 'db'>;

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const senderName = (r: { senderGiven: string | null; senderFamily: string | null; senderEmail: string | null }) =>
  [r.senderGiven, r.senderFamily].filter(Boolean).join(' ').trim() || r.senderEmail || '—';

/**
 * Engaged: more than ENGAGED_VISIBLE_MS visible over the recipient's visits, or more than half the spin's
 * frames seen (a shooting without a spin counts on time alone).
 */
export const isEngaged = (visibleMs: number, framesSeen: number, frames: number): boolean =>
  visibleMs > ENGAGED_VISIBLE_MS || (frames > 0 && framesSeen > frames / 2);

/** The recipients of the rows, with their visits, angles and moments, as the panel reads them. */
async function recipientsOf(db: Deps['db'], rows: repo.RecipientRow[]): Promise<EngagementResponse> {
  const tokens = rows.map((r) => r.token);
  const [{ visits, angles, moments }, frames] = await Promise.all([
    repo.listVisits(db, tokens),
    repo.countFrames(
      db,
      rows.map((r) => r.shootingId),
    ),
  ]);
  const key = (token: string, visitId: string) => `${token}\n${visitId}`;
  const anglesOf = groupBy(angles, (a) => key(a.token, a.visitId));
  const momentsOf = groupBy(moments, (m) => key(m.token, m.visitId));
  const visitsOf = groupBy(visits, (v) => v.token);
  const recipients = rows.map((r): EngagementRecipient => {
    const own = (visitsOf.get(r.token) ?? []).map((v) => ({
      visitId: v.visitId,
      device: v.device as DeviceClass,
      openedAt: v.openedAt,
      lastAt: v.lastAt,
      visibleMs: Number(v.visibleMs),
      videoShare: Number(v.videoShare),
      rating: v.rating === null ? null : Number(v.rating),
      contacts: Number(v.contacts),
      angles: (anglesOf.get(key(r.token, v.visitId)) ?? []).map((a) => ({ frame: Number(a.frame), ms: Number(a.ms) })),
      moments: (momentsOf.get(key(r.token, v.visitId)) ?? []).map((m) => ({
        kind: m.kind as EngagementMomentKind,
        detail: m.detail,
        at: m.at,
      })),
    }));
    const spinFrames = frames.get(r.shootingId) ?? 0;
    const seen = new Set(own.flatMap((v) => v.angles.filter((a) => a.ms > 0).map((a) => a.frame)));
    const visible = own.reduce((s, v) => s + v.visibleMs, 0);
    return {
      token: r.token,
      name: r.name,
      email: r.email,
      phone: r.phone,
      channel: r.channel as RecipientChannel,
      sender: { id: r.senderId, name: senderName(r) },
      sentAt: r.sentAt,
      shooting: {
        id: r.shootingId,
        ownerId: r.ownerId,
        productId: r.productId,
        shootingType: r.shootingType as ShootingType,
        createdAt: r.shootingCreatedAt,
      },
      frames: spinFrames,
      engaged: isEngaged(visible, seen.size, spinFrames),
      visits: own,
    };
  });
  return { recipients };
}

/** The engagement panel of a shooting of the caller's owners (404 otherwise): its recipients and their visits. */
export async function shootingEngagement(
  deps: Deps,
  user: UserContext,
  address: ShootingAddress,
): Promise<EngagementResponse> {
  const shooting = await requireShooting(deps.db, user, address);
  return recipientsOf(
    deps.db,
    await repo.listRecipients(deps.db, { ownerIds: user.ownerIds, shootingId: shooting.id }),
  );
}

/** The same across every shooting of a registration in the caller's owners; none of them holding it is 404. */
export async function vehicleEngagement(
  deps: Deps,
  user: UserContext,
  registration: string,
): Promise<EngagementResponse> {
  const rows = await repo.listRecipients(deps.db, { ownerIds: user.ownerIds, registration });
  if (rows.length === 0) {
    const held = await findRegistrationInScope(deps.db, user, registration);
    if (held.shootings.length === 0 && held.products.length === 0) throw notFound('Vehicle');
  }
  return recipientsOf(deps.db, rows);
}

const zero = (): FunnelCounts => ({ sent: 0, opened: 0, engaged: 0, acted: 0 });

/** The Monday of a local day's week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The funnel of the personal links the caller's stocks (or one of them) sent over calendar days of the
 * query's time zone: sent → opened → engaged → rated or called, in total, per salesperson, stock and week.
 * Only the caller's own statistics; a foreign user or stock is 404.
 */
export async function engagementFunnel(
  deps: Deps,
  user: UserContext,
  userId: string,
  query: FunnelQuery,
): Promise<FunnelResponse> {
  const scope = ownStatisticsScope(user, userId, query);
  const { ownerIds } = scope;
  const { timeZone } = query;
  const rows = await repo.listFunnelRows(deps.db, scope);
  const [frames, owners] = await Promise.all([
    repo.countFrames(
      deps.db,
      rows.map((r) => r.shootingId),
    ),
    ownersOf(deps.db, { ownerIds }),
  ]);

  const totals = zero();
  const people = new Map<string, { name: string; counts: FunnelCounts }>();
  const stocks = new Map(owners.map((o) => [o.id, zero()]));
  const weeks = new Map<string, FunnelCounts>();
  for (const r of rows) {
    const opened = Number(r.visits ?? 0) > 0;
    const engaged =
      opened && isEngaged(Number(r.visibleMs ?? 0), Number(r.framesSeen ?? 0), frames.get(r.shootingId) ?? 0);
    const acted = Number(r.acted ?? 0) > 0;
    let person = people.get(r.senderId);
    if (!person) people.set(r.senderId, (person = { name: senderName(r), counts: zero() }));
    const week = weekOf(localDay(Date.parse(r.sentAt), timeZone));
    if (!weeks.has(week)) weeks.set(week, zero());
    for (const c of [totals, person.counts, stocks.get(r.ownerId), weeks.get(week)]) {
      if (!c) continue;
      c.sent += 1;
      if (opened) c.opened += 1;
      if (engaged) c.engaged += 1;
      if (acted) c.acted += 1;
    }
  }
  return {
    from: query.from,
    to: query.to,
    timeZone,
    totals,
    salespeople: [...people]
      .map(([id, p]) => ({ userId: id, name: p.name, counts: p.counts }))
      .sort((a, b) => b.counts.sent - a.counts.sent || a.name.localeCompare(b.name)),
    stocks: owners
      .map((o) => ({ ownerId: o.id, name: o.name, counts: stocks.get(o.id)! }))
      .sort((a, b) => b.counts.sent - a.counts.sent || a.name.localeCompare(b.name)),
    weeks: [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, counts]) => ({ week, counts })),
  };
}
