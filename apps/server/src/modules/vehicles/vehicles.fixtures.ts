import type { Adapters } from '../../platform/adapters';
import { getOrCreateRef } from '../players/players.repo';
import { makeShooting } from '../shootings/shootings.fixtures';

const TYPES = ['STANDARD', 'VIDEO', 'INSPECTION'] as const;
const HOUR = 3_600_000;

export interface VehicleHistory {
  registration: string;
  ownerId: string;
  productId: string;
  /** Newest first. */
  shootings: { shootingId: string; type: (typeof TYPES)[number] }[];
  refs: string[];
}

/**
 * A vehicle with a history, for the vehicle page's end-to-end test and benchmark: `shootings` shootings of
 * one registration, an hour apart, cycling through a photo shooting (two pictures with thumbnails, and a
 * player link seen `views` times and rated 4 and 5), a video, and an inspection in good condition with one
 * severe damage. Written as the API tests' factories write, straight into the database and blob store.
 */
export async function makeVehicleHistory(
  adapters: Adapters,
  opts: { ownerId: string; registration: string; shootings: number; views: number; createdBy?: string | null },
): Promise<VehicleHistory> {
  const { db, clock, ids } = adapters;
  const now = clock.now().getTime();
  let productId: string | undefined;
  const shootings: VehicleHistory['shootings'] = [];
  const refs: string[] = [];
  for (let i = opts.shootings - 1; i >= 0; i--) {
    const type = TYPES[i % TYPES.length]!;
    const createdAt = new Date(now - (i + 1) * HOUR).toISOString();
    const made = await makeShooting(adapters, {
      ownerId: opts.ownerId,
      registration: opts.registration,
      vin: 'VF3LBHZTEST100042',
      brand: 'Peugeot',
      model: '308',
      type,
      createdAt,
      createdBy: opts.createdBy ?? null,
      ...(productId ? { productId } : {}),
      images:
        type === 'VIDEO'
          ? []
          : [1, 2].map((position) => ({ position, type: type === 'STANDARD' ? 'STAMPED' : 'ORIGINAL' })),
    });
    productId = made.productId;
    shootings.unshift({ shootingId: made.shootingId, type });
    if (type === 'INSPECTION') {
      await db
        .insertInto('inspections')
        .values({
          shooting_id: made.shootingId,
          currency: 'EUR',
          overall_condition: 'GOOD',
          repair_order_number: null,
          mileage: 42_000 + i,
          customer_name: null,
          workshop_video_id: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      await db
        .insertInto('inspection_damages')
        .values({
          id: ids.uuid(),
          shooting_id: made.shootingId,
          position: 1,
          zone: 'FRONT_LEFT',
          kind: 'DENT',
          severity: 'SEVERE',
          image_id: null,
          note: '',
          estimated_cost_cents: 25_000,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    if (type === 'STANDARD') {
      const ref = await getOrCreateRef(db, {
        shootingId: made.shootingId,
        marketplace: 'FORECOURT',
        newRef: ids.token(),
        userId: opts.createdBy ?? 'system',
        now: createdAt,
      });
      refs.push(ref);
      const seen = Array.from({ length: opts.views }, (_v, n) => ({
        id: ids.uuid(),
        user_id: null,
        kind: 'PLAYER_WATCHED',
        subject: ref,
        payload: '{}',
        created_at: new Date(Date.parse(createdAt) + (n + 1) * 60_000).toISOString(),
      }));
      if (seen.length) await db.insertInto('statistics_events').values(seen).execute();
      await db
        .insertInto('ratings')
        .values(
          [4, 5].map((score, n) => ({
            id: ids.uuid(),
            kind: 'PLAYER',
            target: ref,
            visitor: `visitor-${n}`,
            score,
            comment: null,
            created_at: createdAt,
          })),
        )
        .execute();
    }
  }
  return { registration: opts.registration, ownerId: opts.ownerId, productId: productId!, shootings, refs };
}
