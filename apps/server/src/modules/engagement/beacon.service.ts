import type { BeaconBatch } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { RateLimitedError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import * as repo from './beacon.repo';
import { isRecipientOf } from '../recipients/recipients.service';

/** Batches one personal link may send a minute: the player sends one every 15 s and on leaving, so ~6. */
export const BEACONS_PER_TOKEN_MINUTE = 120;
/** Batches with an unknown token one address may send a minute before it is refused (someone guessing). */
export const FORGED_PER_ADDRESS_MINUTE = 20;

/** A visit that opened: the alerts tell its sender (slice 3 of issue 31 listens here). */
export interface OpenedVisit {
  ref: string;
  token: string;
  visit: string;
  device: string;
  at: string;
}

export type BeaconDeps = Pick<Adapters, 'db' | 'clock'> & {
  perToken: RateLimiter;
  forged: ForgedGate;
  onOpened?: (visit: OpenedVisit) => Promise<void>;
};

/**
 * Counts, per address and in this process only, the batches whose token is no recipient of their player,
 * so that guessing tokens costs a refusal; the address is kept in memory for a minute, never stored.
 */
export class ForgedGate {
  private window = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Counts one forged batch; false once the address has used up its minute. */
  take(address: string): boolean {
    const t = this.now();
    if (t - this.windowStart >= 60_000) {
      this.window = new Map();
      this.windowStart = t;
    }
    const n = (this.window.get(address) ?? 0) + 1;
    this.window.set(address, n);
    return n <= this.limit;
  }
}

export const beaconLimits = (deps: Pick<Adapters, 'db' | 'clock'>) => ({
  perToken: new RateLimiter(deps.db, deps.clock, 'engagement-beacons', BEACONS_PER_TOKEN_MINUTE, 60_000),
  forged: new ForgedGate(FORGED_PER_ADDRESS_MINUTE, () => deps.clock.now().getTime()),
});

/** The batch's events as the tables keep them: sums, the largest video share, the timeline's moments. */
export function summarize(batch: BeaconBatch): Omit<repo.BatchRecord, 'token' | 'visit' | 'seq' | 'device' | 'now'> {
  let visibleMs = 0;
  let videoShare = 0;
  let rating: number | null = null;
  let contacts = 0;
  const angles = new Map<number, number>();
  const moments: { kind: string; detail: string }[] = [];
  for (const e of batch.events) {
    switch (e.k) {
      case 'visible':
        visibleMs += e.ms;
        break;
      case 'angle':
        angles.set(e.i, (angles.get(e.i) ?? 0) + e.ms);
        break;
      case 'hotspot':
        moments.push({ kind: 'HOTSPOT', detail: e.id });
        break;
      case 'video':
        videoShare = Math.max(videoShare, e.share);
        break;
      case 'rating':
        rating = e.score;
        moments.push({ kind: 'RATING', detail: String(e.score) });
        break;
      case 'contact':
        contacts += 1;
        moments.push({ kind: 'CONTACT', detail: e.via });
        break;
      case 'open':
      case 'optout':
        break;
    }
  }
  return {
    visibleMs,
    videoShare,
    rating,
    contacts,
    angles: [...angles].map(([frame, ms]) => ({ frame, ms })),
    moments,
  };
}

/**
 * One batch of the player's beacon. Records nothing when the visitor asks for Global Privacy Control or
 * the token is no recipient of that player (a forged or mistyped link); an opt-out erases what the visit
 * recorded. A batch already counted (a retry) changes nothing. A visit's first batch tells `onOpened`.
 */
export async function ingestBeacon(
  deps: BeaconDeps,
  batch: BeaconBatch,
  visitor: { address: string; gpc: boolean },
): Promise<void> {
  if (visitor.gpc) return;
  if (!(await isRecipientOf(deps, batch.ref, batch.token))) {
    if (!deps.forged.take(visitor.address)) throw new RateLimitedError('Too many reports', 60);
    return;
  }
  const limit = await deps.perToken.hit(batch.token);
  if (!limit.allowed) throw new RateLimitedError('Too many reports', limit.retryAfterSeconds);
  if (batch.events.some((e) => e.k === 'optout')) return repo.eraseVisit(deps.db, batch.token, batch.visit);
  const now = deps.clock.now().toISOString();
  const { newVisit } = await repo.recordBatch(deps.db, {
    token: batch.token,
    visit: batch.visit,
    seq: batch.seq,
    device: batch.device,
    now,
    ...summarize(batch),
  });
  if (newVisit && deps.onOpened)
    await deps.onOpened({ ref: batch.ref, token: batch.token, visit: batch.visit, device: batch.device, at: now });
}

/** Removes what is older than ENGAGEMENT_RETENTION_DAYS (the recurring `engagement.retention`). */
export async function applyRetention(deps: Pick<Adapters, 'db' | 'clock' | 'config'>): Promise<{ visits: number }> {
  const before = new Date(deps.clock.now().getTime() - deps.config.ENGAGEMENT_RETENTION_DAYS * 86_400_000);
  return repo.deleteBefore(deps.db, before.toISOString());
}
