import {
  DAMAGE_SEVERITIES,
  VEHICLE_CONDITIONS,
  type CustomerDecision,
  type DamageKind,
  type DamageSeverity,
  type DamageZone,
  type HealthCategory,
  type HealthRating,
} from '@forecourt/contracts';
import { demoUuid, seededRandom, type Random } from './demo-random';
import { insertMissing, type SeedContext } from './seed-context';

/**
 * What a workshop checks on a health check, as the demo dealers' technicians (French) write it, with the
 * parts and labour (cents) of the work when it is needed.
 */
const CHECKS: { category: HealthCategory; label: string; parts: number; labour: number }[] = [
  { category: 'BRAKES', label: 'Plaquettes de frein avant', parts: 8_900, labour: 6_000 },
  { category: 'BRAKES', label: 'Disques de frein arrière', parts: 16_500, labour: 9_000 },
  { category: 'TYRES', label: 'Pneus avant (2)', parts: 21_800, labour: 4_000 },
  { category: 'TYRES', label: 'Pneus arrière (2)', parts: 19_600, labour: 4_000 },
  { category: 'SUSPENSION', label: 'Amortisseurs avant', parts: 24_000, labour: 15_000 },
  { category: 'STEERING', label: 'Rotules de direction', parts: 7_400, labour: 8_500 },
  { category: 'LIGHTS', label: 'Ampoules de phares', parts: 2_900, labour: 1_500 },
  { category: 'WIPERS', label: 'Balais d’essuie-glace', parts: 3_400, labour: 500 },
  { category: 'BATTERY', label: 'Batterie', parts: 14_900, labour: 2_500 },
  { category: 'FLUIDS', label: 'Liquide de frein', parts: 1_800, labour: 4_500 },
  { category: 'FLUIDS', label: 'Liquide de refroidissement', parts: 2_200, labour: 3_000 },
  { category: 'ENGINE', label: 'Courroie d’accessoires', parts: 6_500, labour: 12_000 },
  { category: 'EXHAUST', label: 'Silencieux arrière', parts: 18_000, labour: 6_000 },
];

/**
 * Damages an inspector finds, each with the picture angle that shows it: 1 front three-quarter, 2 side,
 * 3 rear three-quarter, 4 interior (the order of the seeded inspection photos).
 */
const DAMAGES: { zone: DamageZone; kind: DamageKind; note: string; photo: number }[] = [
  { zone: 'FRONT_LEFT', kind: 'SCRATCH', note: 'Rayure sur l’angle du pare-chocs', photo: 1 },
  { zone: 'FRONT', kind: 'CHIP', note: 'Éclats de gravillons sur le capot', photo: 1 },
  { zone: 'WINDSCREEN', kind: 'CHIP', note: 'Impact hors du champ de vision du conducteur', photo: 1 },
  { zone: 'FRONT_RIGHT', kind: 'DENT', note: 'Bosse sur l’aile avant droite', photo: 1 },
  { zone: 'LEFT', kind: 'DENT', note: 'Coup de portière sur la porte arrière', photo: 2 },
  { zone: 'RIGHT', kind: 'SCRATCH', note: 'Rayure longue sur les deux portes', photo: 2 },
  { zone: 'WHEELS', kind: 'SCRATCH', note: 'Jante frottée contre un trottoir', photo: 2 },
  { zone: 'ROOF', kind: 'RUST', note: 'Point de rouille près de la barre de toit', photo: 2 },
  { zone: 'REAR', kind: 'SCRATCH', note: 'Rayures de chargement sur le seuil de coffre', photo: 3 },
  { zone: 'REAR_LEFT', kind: 'BROKEN', note: 'Feu arrière gauche fissuré', photo: 3 },
  { zone: 'INTERIOR', kind: 'STAIN', note: 'Tache sur l’assise du siège passager', photo: 4 },
  { zone: 'INTERIOR', kind: 'WEAR', note: 'Usure du volant et du pommeau de vitesse', photo: 4 },
];
const COST_BY_SEVERITY: Record<DamageSeverity, [number, number]> = {
  MINOR: [6, 25],
  MODERATE: [20, 60],
  SEVERE: [50, 180],
};
const CUSTOMERS = [
  'Claire Dubois',
  'Jan Kowalski',
  'Sofia Rossi',
  'Lars Nielsen',
  'Emma Janssen',
  'Miguel García',
  'Anna Schmidt',
  'João Silva',
];
const TRADE_IN_CONDITIONS =
  'Sous réserve de la remise du véhicule dans l’état constaté, avec son carnet d’entretien et ses deux clés.';

/** `count` different entries of `items`, in a seeded order. */
function pickDistinct<T>(r: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  return Array.from({ length: Math.min(count, pool.length) }, () => pool.splice(r.int(0, pool.length - 1), 1)[0]!);
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function ratingFor(r: Random): HealthRating {
  const x = r.next();
  return x < 0.2 ? 'RED' : x < 0.5 ? 'AMBER' : 'GREEN';
}

function decisionFor(r: Random, rating: HealthRating, at: number, now: number): CustomerDecision {
  if (rating === 'GREEN') return 'PENDING';
  // The customer answers within a day or so: recent repair orders still wait for some decisions.
  if (now - at < 86_400_000 && r.chance(0.6)) return 'PENDING';
  return r.chance(rating === 'RED' ? 0.8 : 0.45) ? 'ACCEPTED' : 'DECLINED';
}

/**
 * Realistic inspection data on every INSPECTION and INSPECTION_REPAIR_ORDER shooting: damages with photos
 * and a condition, repair orders with a rated health check and customer decisions, a workshop video and
 * some trade-in offers. A shooting that already has its inspection is left alone; each one is written in
 * one transaction, so a crash never leaves half of it.
 */
export async function seedInspections(ctx: SeedContext): Promise<void> {
  const { db, blobs, clock } = ctx.adapters;
  const nowMs = clock.now().getTime();
  const shootings = await db
    .selectFrom('shootings')
    .leftJoin('inspections', 'inspections.shooting_id', 'shootings.id')
    .select(['shootings.id', 'shootings.shooting_type', 'shootings.created_at'])
    .where('shootings.shooting_type', 'in', ['INSPECTION', 'INSPECTION_REPAIR_ORDER'])
    .where('inspections.shooting_id', 'is', null)
    .orderBy('shootings.id')
    .execute();
  // A real workshop clip for the repair orders, copied from a seeded video shooting when there is one.
  const clip = await db
    .selectFrom('videos')
    .select('blob_key')
    .where('streamer', '=', 'STAMPYT')
    .where('blob_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const clipBytes = clip?.blob_key ? await blobs.getBuffer(clip.blob_key) : null;

  for (const shooting of shootings) {
    const r = seededRandom(`inspection:${shooting.id}`);
    const at = new Date(shooting.created_at).getTime();
    // Never later than now: the newest shootings are minutes old.
    const stamp = new Date(Math.min(at + r.int(10, 50) * 60_000, nowMs)).toISOString();
    const images = await db
      .selectFrom('images')
      .select(['id', 'position'])
      .where('shooting_id', '=', shooting.id)
      .where('image_type', '=', 'ORIGINAL')
      .orderBy('position')
      .execute();
    const photoAt = (position: number) => images.find((i) => i.position === position)?.id ?? images[0]?.id ?? null;
    const photo = () => (images.length ? r.pick(images).id : null);
    const repairOrder = shooting.shooting_type === 'INSPECTION_REPAIR_ORDER';

    const damages = pickDistinct(r, DAMAGES, repairOrder ? r.int(0, 2) : r.int(1, 4)).map((d, i) => {
      const severity = r.pick(DAMAGE_SEVERITIES);
      const [min, max] = COST_BY_SEVERITY[severity];
      return {
        id: demoUuid(`damage:${shooting.id}:${i}`),
        shooting_id: shooting.id,
        position: i + 1,
        zone: d.zone,
        kind: d.kind,
        severity,
        image_id: photoAt(d.photo),
        note: d.note,
        estimated_cost_cents: r.int(min, max) * 1_000,
        created_at: stamp,
        updated_at: stamp,
      };
    });
    const checks = repairOrder ? CHECKS.filter(() => r.chance(0.6)) : [];
    const items = checks.map((c, i) => {
      const rating = ratingFor(r);
      return {
        id: demoUuid(`health-check:${shooting.id}:${i}`),
        shooting_id: shooting.id,
        position: i + 1,
        category: c.category,
        label: c.label,
        rating,
        parts_price_cents: rating === 'GREEN' ? 0 : c.parts,
        labour_price_cents: rating === 'GREEN' ? 0 : c.labour,
        decision: decisionFor(r, rating, at, nowMs),
        note: rating === 'RED' ? 'Sous le seuil légal : à remplacer avant de reprendre la route' : '',
        image_id: rating === 'GREEN' ? null : photo(),
        created_at: stamp,
        updated_at: stamp,
      };
    });
    const offer = !repairOrder && r.chance(0.5);
    const videoId = repairOrder && clipBytes ? demoUuid(`workshop-video:${shooting.id}`) : null;
    const videoKey = `shootings/${shooting.id}/videos/${videoId}.mp4`;
    if (videoId && clipBytes) await blobs.put(videoKey, clipBytes, 'video/mp4');

    await db.transaction().execute(async (trx) => {
      if (videoId)
        await insertMissing(trx, 'videos', {
          id: videoId,
          shooting_id: shooting.id,
          video_type: 'ORIGINAL',
          streamer: 'STAMPYT',
          url: null,
          reference: videoId,
          blob_key: videoKey,
          created_at: stamp,
        });
      await insertMissing(trx, 'inspection_damages', damages);
      await insertMissing(trx, 'health_check_items', items);
      if (offer)
        await insertMissing(trx, 'trade_in_offers', {
          id: demoUuid(`trade-in:${shooting.id}`),
          shooting_id: shooting.id,
          amount_cents: r.int(45, 260) * 10_000,
          valid_until: day(at + 14 * 86_400_000),
          conditions: TRADE_IN_CONDITIONS,
          created_at: stamp,
          updated_at: stamp,
        });
      // Written last: its presence is what marks the shooting as seeded.
      await insertMissing(trx, 'inspections', {
        shooting_id: shooting.id,
        currency: 'EUR',
        overall_condition: repairOrder ? null : r.pick(VEHICLE_CONDITIONS),
        repair_order_number: repairOrder
          ? `OR-${shooting.created_at.slice(0, 4)}-${String(r.int(1, 9999)).padStart(4, '0')}`
          : null,
        mileage: repairOrder ? r.int(8, 180) * 1_000 + r.int(0, 999) : null,
        customer_name: repairOrder ? r.pick(CUSTOMERS) : null,
        workshop_video_id: videoId,
        created_at: stamp,
        updated_at: stamp,
      });
    });
  }
}
