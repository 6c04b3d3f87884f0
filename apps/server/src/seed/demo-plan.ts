import type { Format, ProductType, RemarketingStatus, ShootingType } from '@forecourt/contracts';
import { CAR_ANGLES, type CarAngle } from './car-scene';
import { DEMO_OWNERS, DEMO_USERS } from './demo-accounts';
import { planStamps, type StampPlan } from './demo-stamp-plan';
import { planVideos, type VideoPlan } from './demo-video-plan';
import { demoUuid, seededRandom, type Random } from './demo-random';
import {
  randomColour,
  randomRegistration,
  randomVin,
  VEHICLE_MODELS,
  type BodyShape,
  type Registration,
} from './demo-vehicles';

/**
 * What the demo seed writes, decided before anything is written. Ids and choices depend only on names and
 * a fixed seed, so every run plans the same rows; only the dates follow the clock.
 */
export const FORMAT_SIZE: Record<Format, { width: number; height: number }> = {
  '4/3': { width: 1600, height: 1200 },
  '16/9': { width: 1920, height: 1080 },
};

export type { StampPlan, VideoPlan };

export interface ProductPlan {
  id: string;
  ownerId: string;
  vin: string;
  registration: Registration;
  brand: string;
  model: string;
  shape: BodyShape;
  colour: string;
  productType: ProductType;
  workflows: string[];
  photoState: 'TODO' | 'DONE';
  createdAt: string;
}

export interface ImagePlan {
  id: string;
  position: number;
  imageType: 'ORIGINAL' | 'STAMPED';
  angle: CarAngle;
  isLabel: boolean;
}

export interface ShootingPlan {
  id: string;
  groupId: string;
  ownerId: string;
  productId: string;
  type: ShootingType;
  status: RemarketingStatus;
  dmsStatus: 'NOT_SENT' | 'PENDING' | 'SYNCED' | 'FAILED';
  dmsSyncedAt: string | null;
  stampId: string | null;
  format: Format | null;
  videoName: string | null;
  createdBy: string;
  createdAt: string;
  images: ImagePlan[];
  videos: VideoPlan[];
}

export interface DemoPlan {
  stamps: StampPlan[];
  products: ProductPlan[];
  shootings: ShootingPlan[];
}

const DAY = 24 * 3600 * 1000;

const GROUP_SHOOTINGS: Record<string, Record<ShootingType, number>> = {
  'grp-demo': { STANDARD: 30, VIDEO: 12, INSPECTION: 10, INSPECTION_REPAIR_ORDER: 8 },
  'grp-other': { STANDARD: 6, VIDEO: 2, INSPECTION: 2, INSPECTION_REPAIR_ORDER: 2 },
};

// The newest shootings of each type are still in the pipeline; older ones are done.
const IN_PROGRESS: Record<ShootingType, RemarketingStatus[]> = {
  STANDARD: ['UPLOADING', 'AI_PROCESSING', 'QUALITY_CONTROL', 'PUBLISHING'],
  VIDEO: ['AI_PROCESSING', 'PUBLISHING'],
  INSPECTION: ['QUALITY_CONTROL'],
  INSPECTION_REPAIR_ORDER: ['UPLOADING'],
};

// Every angle once, then a second side and interior view as a dealer's full set has.
const STANDARD_ANGLES: CarAngle[] = [...CAR_ANGLES, 'side', 'interior'];
// Between 6 and 12 pictures, most shootings nearer 6 as on a real forecourt.
const STANDARD_IMAGE_COUNTS = [6, 6, 7, 7, 8, 8, 9, 10, 12];
const INSPECTION_ANGLES: CarAngle[] = ['front34', 'side', 'rear34', 'interior'];
const REPAIR_ORDER_ANGLES: CarAngle[] = ['front', 'wheel', 'dashboard'];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Instants spread over the last six months on working hours (07:00-18:59 UTC), newest first. Their order
 * does not depend on the clock, so neither do the ids planned from it; none is later than `now`.
 */
function spreadDates(r: Random, count: number, now: number): number[] {
  const slots = Array.from({ length: count }, (_, i) => ({
    day: i === 0 ? 0 : Math.floor(r.next() * 180),
    second: r.int(7 * 3600, 19 * 3600 - 1),
  }));
  slots.sort((a, b) => a.day - b.day || b.second - a.second);
  const today = Math.floor(now / DAY) * DAY;
  let latest = now;
  return slots.map(({ day, second }) => {
    latest = Math.min(today - day * DAY + second * 1000, latest - 60_000);
    return latest;
  });
}

function ownerPicker(groupId: string) {
  const owners = DEMO_OWNERS.filter((o) => o.groupId === groupId).map((o) => o.id);
  const weights = owners.length === 3 ? [0.45, 0.35, 0.2] : owners.map(() => 1 / owners.length);
  return (r: Random) => {
    let x = r.next();
    for (let i = 0; i < owners.length; i++) {
      x -= weights[i]!;
      if (x < 0) return owners[i]!;
    }
    return owners[owners.length - 1]!;
  };
}

const cityOf = (ownerId: string) =>
  DEMO_OWNERS.find((o) => o.id === ownerId)!
    .name.split(' ')
    .pop()!;

function creatorFor(r: Random, groupId: string, ownerId: string, type: ShootingType): string {
  const users = DEMO_USERS.filter((u) => u.groupId === groupId && (u.owners as readonly string[]).includes(ownerId));
  const byEmail = (prefix: string) => users.find((u) => u.email.startsWith(prefix));
  if (type === 'INSPECTION_REPAIR_ORDER') return (byEmail('workshop') ?? users[0]!).id;
  if (type === 'INSPECTION') return (byEmail('manager') ?? users[0]!).id;
  const sales = byEmail('sales');
  return (sales && r.chance(0.5) ? sales : (byEmail('manager') ?? users[0]!)).id;
}

function newProduct(r: Random, key: string, ownerId: string, productType: ProductType, createdAt: number): ProductPlan {
  const model = r.pick(VEHICLE_MODELS);
  const id = demoUuid(`product:${key}`);
  return {
    id,
    ownerId,
    vin: productType === 'VIRTUAL' ? `Virtual_${demoUuid(`virtual:${key}`)}` : randomVin(r, model, r.int(2016, 2025)),
    registration: randomRegistration(r, cityOf(ownerId)),
    brand: model.brand,
    model: model.model,
    shape: model.shape,
    colour: randomColour(r).hex,
    productType,
    workflows: productType === 'REPAIR_ORDER' ? ['INSPECTION'] : ['PHOTO', 'VIDEO'],
    photoState: 'TODO',
    createdAt: iso(createdAt),
  };
}

function planGroup(
  groupId: string,
  now: number,
  stamps: StampPlan[],
  products: Map<string, ProductPlan>,
): ShootingPlan[] {
  const r = seededRandom(`shootings:${groupId}`);
  const counts = GROUP_SHOOTINGS[groupId]!;
  const types = (Object.entries(counts) as [ShootingType, number][]).flatMap(([t, c]) =>
    Array.from({ length: c }, () => t),
  );
  // Deterministic shuffle so that types mix over time.
  for (let i = types.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [types[i], types[j]] = [types[j]!, types[i]!];
  }
  const dates = spreadDates(r, types.length, now);
  const pickOwner = ownerPicker(groupId);
  const standardProducts: ProductPlan[] = [];
  const shootings: ShootingPlan[] = [];
  let virtualLeft = groupId === 'grp-demo' ? 5 : 1;
  let specialVideos: ('YOUTUBE' | 'EMPTY')[] = groupId === 'grp-demo' ? ['YOUTUBE', 'EMPTY'] : [];
  let clipVariant = 0;

  // Oldest first, so that a later shooting can reuse the car of an earlier one.
  const order = types.map((t, i) => ({ t, at: dates[i]! })).reverse();
  // Rank among the shootings of the same type, 0 for the newest.
  const rankOf: number[] = [];
  const counted: Partial<Record<ShootingType, number>> = {};
  for (let i = order.length - 1; i >= 0; i--) {
    const t = order[i]!.t;
    rankOf[i] = counted[t] ?? 0;
    counted[t] = rankOf[i]! + 1;
  }

  order.forEach(({ t: type, at }, i) => {
    const key = `${groupId}:${i}`;
    const id = demoUuid(`shooting:${key}`);
    const rank = rankOf[i]!;
    const status: RemarketingStatus = IN_PROGRESS[type][rank] ?? (r.chance(0.06) ? 'QUALITY_CONTROL' : 'FINISHED');

    let product: ProductPlan;
    const reuse = type === 'VIDEO' ? 0.4 : type === 'INSPECTION' ? 0.25 : 0;
    const ownerId = pickOwner(r);
    const sameOwner = standardProducts.filter((p) => p.ownerId === ownerId && p.productType === 'CAR');
    if (sameOwner.length && r.chance(reuse)) {
      product = r.pick(sameOwner);
    } else {
      const virtual = (type === 'STANDARD' || type === 'VIDEO') && virtualLeft > 0 && r.chance(0.2);
      if (virtual) virtualLeft--;
      const productType: ProductType =
        type === 'INSPECTION_REPAIR_ORDER' ? 'REPAIR_ORDER' : virtual ? 'VIRTUAL' : 'CAR';
      product = newProduct(r, key, ownerId, productType, at - r.int(1, 48) * 3600_000);
      products.set(product.id, product);
    }
    if (type === 'STANDARD') {
      product.photoState = 'DONE';
      standardProducts.push(product);
    }

    const format: Format | null =
      type === 'VIDEO' ? '16/9' : type === 'STANDARD' ? (r.chance(0.6) ? '4/3' : '16/9') : '4/3';
    const groupStamps = stamps.filter((s) => s.groupId === groupId && s.format === format);
    const stampId = type === 'STANDARD' || type === 'VIDEO' ? r.pick(groupStamps).id : null;
    const stamped = type === 'STANDARD' && status !== 'UPLOADING' && status !== 'AI_PROCESSING';
    const angles =
      type === 'STANDARD'
        ? STANDARD_ANGLES.slice(0, r.pick(STANDARD_IMAGE_COUNTS))
        : type === 'INSPECTION'
          ? INSPECTION_ANGLES
          : type === 'INSPECTION_REPAIR_ORDER'
            ? REPAIR_ORDER_ANGLES
            : [];
    const images: ImagePlan[] = angles.flatMap((angle, p) =>
      (stamped ? (['ORIGINAL', 'STAMPED'] as const) : (['ORIGINAL'] as const)).map((imageType) => ({
        id: demoUuid(`image:${key}:${p + 1}:${imageType}`),
        position: p + 1,
        imageType,
        angle,
        isLabel: p === 0,
      })),
    );

    const videos: VideoPlan[] = [];
    if (type === 'VIDEO') {
      const videoAt = iso(Math.min(at + r.int(5, 40) * 60_000, now));
      const special = status === 'FINISHED' && rank >= 2 ? specialVideos[0] : undefined;
      if (special) specialVideos = specialVideos.slice(1);
      const variant = special ? 0 : clipVariant++ % (groupId === 'grp-demo' ? 2 : 1);
      videos.push(...planVideos(key, status, special ?? { groupId, variant }, videoAt));
    }

    const synced = type === 'STANDARD' && product.productType !== 'VIRTUAL' && status === 'FINISHED';
    const failed = synced && r.chance(0.08);
    shootings.push({
      id,
      groupId,
      ownerId: product.ownerId,
      productId: product.id,
      type,
      status,
      dmsStatus: failed
        ? 'FAILED'
        : synced
          ? 'SYNCED'
          : status === 'PUBLISHING' && type === 'STANDARD'
            ? 'PENDING'
            : 'NOT_SENT',
      dmsSyncedAt: synced && !failed ? iso(Math.min(at + r.int(30, 240) * 60_000, now)) : null,
      stampId,
      format,
      videoName: type === 'VIDEO' ? `${product.brand} ${product.model} - ${product.registration.text}` : null,
      createdBy: creatorFor(r, groupId, product.ownerId, type),
      createdAt: iso(at),
      images,
      videos,
    });
  });
  return shootings;
}

/** Vehicles waiting for their photos: what the add-shooting combobox offers. */
function planWaitingProducts(now: number, products: Map<string, ProductPlan>): void {
  for (const owner of DEMO_OWNERS) {
    const r = seededRandom(`waiting:${owner.id}`);
    const count = owner.groupId === 'grp-demo' ? 4 : 2;
    for (let i = 0; i < count; i++) {
      const p = newProduct(
        r,
        `waiting:${owner.id}:${i}`,
        owner.id,
        'CAR',
        now - r.int(1, 30) * DAY - r.int(0, 23) * 3600_000,
      );
      products.set(p.id, p);
    }
  }
}

export function buildDemoPlan(now: Date): DemoPlan {
  const t = now.getTime();
  const stamps = planStamps(t);
  const products = new Map<string, ProductPlan>();
  const shootings = ['grp-demo', 'grp-other'].flatMap((g) => planGroup(g, t, stamps, products));
  planWaitingProducts(t, products);
  return { stamps, products: [...products.values()], shootings };
}
