import type {
  Currency,
  CustomerDecision,
  HealthCategory,
  HealthRating,
  RatingSummary,
  ReportKind,
  ShootingType,
  VehicleCondition,
  VehicleEvent,
  VehicleInspection,
  VehicleResponse,
} from '@forecourt/contracts';
import { VIRTUAL_VIN } from '@forecourt/contracts';
import type { PresignCache } from '../../platform/blobs/presign-cache';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { canSeeTradeIn } from '../inspections/inspections.service';
import {
  findRegistrationInScope,
  type RegistrationProductRow,
  type RegistrationShootingRow,
} from '../shootings/shooting-scope.service';
import * as repo from './vehicles.repo';

export interface VehicleDeps {
  db: Db;
  /** Thumbnail links, shared with nothing else but reused across requests. */
  thumbnails: PresignCache;
  presignTtlSeconds: number;
}

const INSPECTION_TYPES: readonly string[] = ['INSPECTION', 'INSPECTION_REPAIR_ORDER'];

const byKey = <T, K>(rows: readonly T[], key: (r: T) => K) => new Map(rows.map((r) => [key(r), r]));

const ratingSummary = (row: { n: number | string; average: number | string | null } | undefined): RatingSummary =>
  row
    ? { count: Number(row.n), average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10 }
    : { count: 0, average: null };

/** The vehicle's identity: the newest product with a real VIN, else the newest product at all. */
function vehicleOf(registration: string, products: readonly RegistrationProductRow[]): VehicleResponse['vehicle'] {
  const p = products.find((x) => !VIRTUAL_VIN.test(x.vin)) ?? products[0];
  return {
    registration,
    vin: p && !VIRTUAL_VIN.test(p.vin) ? p.vin : null,
    brand: products.find((x) => x.brand)?.brand ?? null,
    model: products.find((x) => x.model)?.model ?? null,
  };
}

/** The inspection data of the inspection-type shootings, summed up per shooting. */
async function inspectionsByShooting(
  db: Db,
  user: UserContext,
  shootings: readonly RegistrationShootingRow[],
): Promise<Map<string, VehicleInspection>> {
  const ids = shootings.filter((s) => INSPECTION_TYPES.includes(s.shooting_type)).map((s) => s.id);
  const [heads, damages, items, offers] = await Promise.all([
    repo.inspectionsOf(db, ids),
    repo.damageCountsOf(db, ids),
    repo.healthItemsOf(db, ids),
    canSeeTradeIn(user) ? repo.withTradeInOffers(db, ids) : Promise.resolve([]),
  ]);
  const headOf = byKey(heads, (h) => h.shooting_id);
  const damagesOf = byKey(damages, (d) => d.shooting_id);
  const withOffer = new Set(offers);
  const itemsOf = new Map<string, typeof items>();
  for (const i of items) itemsOf.set(i.shooting_id, [...(itemsOf.get(i.shooting_id) ?? []), i]);

  const out = new Map<string, VehicleInspection>();
  for (const s of shootings) {
    if (!INSPECTION_TYPES.includes(s.shooting_type)) continue;
    const head = headOf.get(s.id);
    const d = damagesOf.get(s.id);
    const its = itemsOf.get(s.id) ?? [];
    const repairOrder = s.shooting_type === 'INSPECTION_REPAIR_ORDER';
    const condition = (head?.overall_condition ?? null) as VehicleCondition | null;
    const damageCount = Number(d?.n ?? 0);
    // The report calls' own rule (reports/report-model.ts hasContent): nothing to show is no report.
    const reports: ReportKind[] = [
      ...(damageCount > 0 || condition !== null ? (['DAMAGES'] as const) : []),
      ...(repairOrder && its.length > 0 ? (['VHC'] as const) : []),
      ...(withOffer.has(s.id) ? (['TRADE_IN'] as const) : []),
    ];
    out.set(s.id, {
      condition,
      mileage: head?.mileage ?? null,
      currency: (head?.currency ?? 'EUR') as Currency,
      damages: damageCount,
      severeDamages: Number(d?.severe ?? 0),
      reports,
      repairOrder: repairOrder
        ? {
            number: head?.repair_order_number ?? null,
            decisions: its.map((i) => ({
              label: i.label,
              category: i.category as HealthCategory,
              rating: i.rating as HealthRating,
              decision: i.decision as CustomerDecision,
              priceCents: i.parts_price_cents + i.labour_price_cents,
            })),
          }
        : null,
    });
  }
  return out;
}

/** The player links of the shootings with their visits and ratings. */
async function playerEvents(db: Db, shootings: readonly RegistrationShootingRow[]): Promise<VehicleEvent[]> {
  const refs = await repo.playerRefsOf(
    db,
    shootings.map((s) => s.id),
  );
  const keys = refs.map((r) => r.ref);
  const [views, ratings] = await Promise.all([
    repo.eventCountsOf(db, 'PLAYER_WATCHED', keys),
    repo.ratingsOf(db, 'PLAYER', keys),
  ]);
  const viewsOf = byKey(views, (v) => v.subject);
  const ratingsOfRef = byKey(ratings, (r) => r.target);
  const typeOf = new Map(shootings.map((s) => [s.id, s.shooting_type as ShootingType]));
  return refs.map((r) => ({
    kind: 'PLAYER_LINK',
    at: r.created_at,
    ref: r.ref,
    marketplace: r.marketplace,
    shootingId: r.shooting_id,
    shootingType: typeOf.get(r.shooting_id) ?? 'STANDARD',
    views: Number(viewsOf.get(r.ref)?.n ?? 0),
    lastViewedAt: (viewsOf.get(r.ref)?.last as string | null | undefined) ?? null,
    ratings: ratingSummary(ratingsOfRef.get(r.ref)),
  }));
}

/** A room's appointment is UTC text `YYYY-MM-DD HH:mm:ss`; the timeline's instants are ISO, so they sort together. */
const appointmentInstant = (text: string): string => {
  const t = Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(t) ? text : new Date(t).toISOString();
};

/** The live meetings of the registration in the caller's stocks. */
async function liveEvents(db: Db, user: UserContext, registration: string): Promise<VehicleEvent[]> {
  const rooms = await repo.liveRoomsOf(db, user.ownerIds, registration);
  const ids = rooms.map((r) => r.id);
  const [held, ratings] = await Promise.all([
    repo.eventCountsOf(db, 'LIVE_MEETING_HELD', ids),
    repo.ratingsOf(db, 'LIVE', ids),
  ]);
  const heldOf = byKey(held, (h) => h.subject);
  const ratingsOfRoom = byKey(ratings, (r) => r.target);
  return rooms.map((r) => ({
    kind: 'LIVE_MEETING',
    at: appointmentInstant(r.appointment_date),
    roomId: r.id,
    name: r.session_name,
    ownerName: r.owner_name,
    meetingsHeld: Number(heldOf.get(r.id)?.n ?? 0),
    ratings: ratingSummary(ratingsOfRoom.get(r.id)),
  }));
}

/**
 * One vehicle of the caller's owners: its identity and one timeline, newest first, of its shootings (with
 * what their inspections recorded), player links and live meetings. A registration none of the caller's
 * owners holds answers 404, whoever else holds it.
 */
export async function getVehicle(deps: VehicleDeps, user: UserContext, registration: string): Promise<VehicleResponse> {
  const { products, shootings } = await findRegistrationInScope(deps.db, user, registration);
  const [inspections, players, live] = await Promise.all([
    inspectionsByShooting(deps.db, user, shootings),
    playerEvents(deps.db, shootings),
    liveEvents(deps.db, user, registration),
  ]);
  if (products.length === 0 && shootings.length === 0 && live.length === 0) throw notFound('Vehicle');
  const shootingEvents: VehicleEvent[] = await Promise.all(
    shootings.map(async (s) => {
      // A VIDEO shooting shows a play icon, never a picture (as on the list).
      const thumbKey = s.shooting_type === 'VIDEO' ? null : s.cover_key;
      return {
        kind: 'SHOOTING' as const,
        at: s.created_at,
        shootingId: s.id,
        ownerId: s.owner_id,
        ownerName: s.owner_name,
        productId: s.product_id,
        shootingType: s.shooting_type as ShootingType,
        status: s.remarketing_status,
        numberOfPictures: s.shooting_type === 'VIDEO' ? 0 : Number(s.picture_count),
        thumbnailUrl: thumbKey ? await deps.thumbnails.get(thumbKey, deps.presignTtlSeconds) : null,
        inspection: inspections.get(s.id) ?? null,
      };
    }),
  );
  const events = [...shootingEvents, ...players, ...live].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { vehicle: vehicleOf(registration, products), events };
}
