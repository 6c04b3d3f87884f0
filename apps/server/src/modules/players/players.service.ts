import { createHash, createHmac } from 'node:crypto';
import {
  ContactInformation,
  FRAME_WIDTHS,
  KNOWN_STREAMERS,
  type FrameWidth,
  type PlayerInfo,
  type PlayerOptions,
  type PlayerScoring,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import type { BlobObject } from '../../platform/blobs/blob-store';
import { parseByteRange } from '../../platform/blobs/byte-range';
import { AppError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import type { FrameVariants, Variant, VariantFormat } from './frame-variants';
import { imageVersion, pickVideo, PROCESSING_STATUSES, splitMedia } from './player-media';
import { INLINE_FRAME_WIDTH } from './player-page';
import { listShootingRefs } from './player-refs.repo';
import * as repo from './players.repo';
import { insertRatingOnce } from './ratings.repo';
import type { ImageRow } from './players.repo';
import { editedFrameIndexes, spinHotspots } from './spin-damages';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';

const DAY_MS = 24 * 3600 * 1000;
/** Ratings one visitor may leave in an hour, over all players. */
export const RATINGS_PER_VISITOR_HOUR = 20;

/**
 * What the player functions use: the adapters, the key that hides visitors' addresses, and what one
 * process keeps between requests (the frame variants being made, the public rate limits).
 */
export type PlayersDeps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'config' | 'queue'> & {
  visitorSecret: string;
  variants: FrameVariants;
  limits: PlayerLimits;
};

export interface PlayerLimits {
  publicWrites: RateLimiter;
  watchedOnce: RateLimiter;
}

/** One burst limit per address for the public writes; the daily rating rule is in the database. */
export const playerLimits = (deps: Pick<Adapters, 'db' | 'clock'>): PlayerLimits => ({
  publicWrites: new RateLimiter(deps.db, deps.clock, 'player-writes', 30, 60_000),
  watchedOnce: new RateLimiter(deps.db, deps.clock, 'player-watched', 1, 10 * 60_000),
});

const playerNotFound = () => new AppError('NOT_FOUND', 'This player is not available');

const base = (ref: string) => `/api/external/legacy/players/${encodeURIComponent(ref)}`;

/** Hides the address: ratings keep a keyed hash of it, enough to count, not to trace. */
const visitorOf = (deps: Pick<PlayersDeps, 'visitorSecret'>, ip: string) =>
  createHmac('sha256', deps.visitorSecret).update(ip).digest('base64url').slice(0, 32);

const source = async (deps: Pick<PlayersDeps, 'db'>, ref: string) => {
  const found = await repo.findPlayerSource(deps.db, ref);
  if (!found) throw playerNotFound();
  return found;
};

const finalMedia = async (deps: Pick<PlayersDeps, 'db'>, shootingId: string) =>
  splitMedia(await repo.listImages(deps.db, shootingId));

/** The image of a frame a visitor may see. */
const frameImage = async (deps: Pick<PlayersDeps, 'db'>, ref: string, index: number, width: FrameWidth) => {
  if (!FRAME_WIDTHS.includes(width)) throw playerNotFound();
  const found = await repo.findFrameSource(deps.db, ref);
  if (!found || PROCESSING_STATUSES.has(found.remarketingStatus)) throw playerNotFound();
  const image = splitMedia(found.images).frames[index];
  if (!image) throw playerNotFound();
  return image;
};

/** The reference of a shooting for a marketplace, and the link to share (short when asked). */
export async function getReference(
  deps: PlayersDeps,
  user: UserContext,
  shootingId: string,
  marketplace: string,
  shortened: boolean,
): Promise<PlayerInfo> {
  await requireShooting(deps.db, user, { shootingId });
  const ref = await repo.getOrCreateRef(deps.db, {
    shootingId,
    marketplace,
    newRef: deps.ids.token(),
    userId: user.id,
    now: deps.clock.now().toISOString(),
  });
  // The link is about to be shared: make the frame variants now.
  const { frames } = await finalMedia(deps, shootingId);
  await queueFrames(deps, [ref], frames);
  const url = shortened ? `${deps.config.PUBLIC_URL}/p/${ref}` : `${deps.config.PUBLIC_URL}/public/player/${ref}`;
  return { ref, url };
}

/**
 * Queues `players.prepare-frames` for these references of one shooting. Keyed by the reference and its
 * frames' versions, so asking again (a second share, a retried publish) enqueues nothing new until an
 * image changes; `within` writes the jobs with the caller's rows.
 */
async function queueFrames(
  deps: Pick<PlayersDeps, 'queue'>,
  refs: string[],
  frames: ImageRow[],
  within?: Adapters['db'],
): Promise<void> {
  if (frames.length === 0 || refs.length === 0) return;
  const versions = createHash('sha256').update(frames.map(imageVersion).join('\n')).digest('base64url').slice(0, 16);
  await deps.queue.enqueueAll(
    'players.prepare-frames',
    refs.map((ref) => ({ payload: { ref }, key: `players.prepare-frames:${ref}:${versions}` })),
    { within },
  );
}

/**
 * When a shooting's stamping publishes (images' `publishRun`, inside its transaction as `db`): the frames
 * of the links already shared are queued for making. A link shared while the shooting was processing got
 * a job that found nothing to make; without this one its first visitors' API process would make them.
 */
export async function queueSharedFrames(deps: Pick<Adapters, 'db' | 'queue'>, shootingId: string): Promise<void> {
  const refs = await listShootingRefs(deps.db, shootingId);
  if (refs.length === 0) return;
  const { frames } = await finalMedia(deps, shootingId);
  await queueFrames(deps, refs, frames, deps.db);
}

export async function playerOptions(
  deps: Pick<PlayersDeps, 'db' | 'config' | 'variants'>,
  ref: string,
): Promise<PlayerOptions> {
  const found = await repo.findPlayerSourceWithImages(deps.db, ref);
  if (!found) throw playerNotFound();
  const s = found.source;
  const contacts = z.array(ContactInformation).safeParse(JSON.parse(s.owner.contactInformation || '[]'));
  const common = {
    ref,
    shootingType: s.shootingType as PlayerOptions['shootingType'],
    logoUrl: s.owner.logoKey
      ? `${base(ref)}/logo?v=${createHash('sha256').update(s.owner.logoKey).digest('base64url').slice(0, 12)}`
      : null,
    contactInformations: contacts.success ? contacts.data : [],
    phone: s.owner.phone,
    lastUserEmail: s.lastUser?.email ?? null,
    webinarUrl:
      deps.config.WEBINAR_FORM_URL &&
      deps.config.PROVIDER_GROUP_ID &&
      s.lastUser?.groupId === deps.config.PROVIDER_GROUP_ID
        ? deps.config.WEBINAR_FORM_URL
        : null,
  };
  if (PROCESSING_STATUSES.has(s.remarketingStatus)) {
    return {
      ...common,
      state: 'UNDER_CONSTRUCTION',
      frames: [],
      panoramaUrl: null,
      video: null,
      damages: [],
      editedFrames: [],
    };
  }
  const { frames, panorama } = splitMedia(found.images);
  // What the dealer chose to show on this link (both off by default).
  const damages = s.showDamages
    ? spinHotspots(ref, frames, await repo.listSpinDamages(deps.db, s.shootingId, s.ownerId))
    : [];
  const editedFrames = s.showEdited ? editedFrameIndexes(frames) : [];
  const sized = await Promise.all(
    frames.map(async (f) => ({ version: imageVersion(f), ...(await deps.variants.size(f)) })),
  );
  const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(deps.db, s.shootingId)) : null;
  return {
    ...common,
    state: 'AVAILABLE',
    frames: sized,
    panoramaUrl: panorama ? `${base(ref)}/panorama.jpg?v=${imageVersion(panorama)}` : null,
    video: video
      ? {
          streamer: video.streamer,
          url:
            video.streamer === 'STAMPYT' && video.blobKey
              ? `${base(ref)}/video`
              : video.streamer === 'STAMPYT'
                ? video.url
                : null,
          reference: KNOWN_STREAMERS.includes(video.streamer) ? video.reference : null,
          posterUrl:
            video.streamer === 'STAMPYT' && video.blobKey && video.posterKey ? `${base(ref)}/video/poster.jpg` : null,
        }
      : null,
    damages,
    editedFrames,
  };
}

/** The photo of a damage the player shows, only while the link shows damages and the damage is on its spin. */
export async function playerDamagePhoto(
  deps: Pick<PlayersDeps, 'db' | 'variants'>,
  ref: string,
  damageId: string,
): Promise<Variant> {
  const s = await source(deps, ref);
  if (!s.showDamages || PROCESSING_STATUSES.has(s.remarketingStatus)) throw playerNotFound();
  const { frames } = await finalMedia(deps, s.shootingId);
  const damages = await repo.listSpinDamages(deps.db, s.shootingId, s.ownerId);
  const shown = spinHotspots(ref, frames, damages).some((d) => d.id === damageId);
  const photo = damages.find((d) => d.id === damageId)?.photo;
  if (!shown || !photo) throw playerNotFound();
  return deps.variants.get(photo, 1080, 'jpg');
}

export async function playerFrame(
  deps: Pick<PlayersDeps, 'db' | 'variants'>,
  ref: string,
  index: number,
  width: FrameWidth,
  format: VariantFormat,
): Promise<Variant> {
  return deps.variants.get(await frameImage(deps, ref, index, width), width, format);
}

/** A frame's variant if it is already made, else null (the player page does not wait for one). */
export async function cachedPlayerFrame(
  deps: Pick<PlayersDeps, 'db' | 'variants'>,
  ref: string,
  index: number,
  width: FrameWidth,
  format: VariantFormat,
): Promise<Variant | null> {
  return deps.variants.cached(await frameImage(deps, ref, index, width), width, format);
}

export async function playerPanorama(deps: Pick<PlayersDeps, 'db' | 'variants'>, ref: string): Promise<Variant> {
  const s = await source(deps, ref);
  const pano = PROCESSING_STATUSES.has(s.remarketingStatus) ? null : (await finalMedia(deps, s.shootingId)).panorama;
  if (!pano) throw playerNotFound();
  // Photo Sphere Viewer needs the whole sphere; 4096 px is sharp enough and safe for mobile GPUs.
  return deps.variants.get(pano, 4096, 'jpg');
}

export async function playerLogo(deps: Pick<PlayersDeps, 'db' | 'blobs'>, ref: string) {
  const s = await source(deps, ref);
  const obj = s.owner.logoKey ? await deps.blobs.get(s.owner.logoKey) : null;
  if (!obj) throw playerNotFound();
  return obj;
}

/** The hosted video, whole or the byte range asked (phones seek with ranges). */
export async function playerVideo(
  deps: Pick<PlayersDeps, 'db' | 'blobs'>,
  ref: string,
  rangeHeader?: string,
): Promise<{ obj: BlobObject; total: number; range: { start: number; end: number } | null }> {
  const s = await source(deps, ref);
  const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(deps.db, s.shootingId)) : null;
  const info = video?.blobKey ? await deps.blobs.head(video.blobKey) : null;
  if (!video?.blobKey || !info) throw playerNotFound();
  const range = parseByteRange(rangeHeader, info.size);
  if (range === 'unsatisfiable')
    throw new AppError('VALIDATION_ERROR', 'Range not satisfiable', { size: info.size }, 416);
  const obj = range
    ? await deps.blobs.getRange(video.blobKey, range.start, range.end)
    : await deps.blobs.get(video.blobKey);
  if (!obj) throw playerNotFound();
  return { obj, total: info.size, range };
}

/** The poster frame of the hosted video. */
export async function playerPoster(deps: Pick<PlayersDeps, 'db' | 'blobs'>, ref: string): Promise<BlobObject> {
  const s = await source(deps, ref);
  const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(deps.db, s.shootingId)) : null;
  const obj = video?.posterKey ? await deps.blobs.get(video.posterKey) : null;
  if (!obj) throw playerNotFound();
  return obj;
}

/** The 'watched' notification: counted once per visitor and player every ten minutes. */
export async function recordWatched(
  deps: Pick<PlayersDeps, 'db' | 'clock' | 'ids' | 'queue' | 'visitorSecret' | 'limits'>,
  ref: string,
  ip: string,
): Promise<void> {
  const visitor = visitorOf(deps, ip);
  const outcome = await repo.recordWatchedEvent(deps.db, {
    ref,
    // In this order: a visitor over the burst limit is not counted as having watched this player.
    hits: [
      { limiter: deps.limits.publicWrites, key: visitor },
      { limiter: deps.limits.watchedOnce, key: `${visitor}:${ref}` },
    ],
    now: deps.clock.now(),
    event: { id: deps.ids.uuid(), kind: 'PLAYER_WATCHED', payload: {} },
  });
  if (outcome === 'missing') throw playerNotFound();
  if (outcome === 'recorded') {
    // Told once per visitor and player every ten minutes, as it is counted.
    const { shootingId } = await source(deps, ref);
    await deps.db.transaction().execute((trx) =>
      emitWebhookEvent(deps, trx, {
        type: 'player.viewed',
        shootingId,
        streamKey: shootingId,
        data: { shootingId, ref },
      }),
    );
  }
}

/** A visitor's rating: one per visitor, player and day, and a few per hour over all players. */
export async function ratePlayer(
  deps: Pick<PlayersDeps, 'db' | 'clock' | 'visitorSecret' | 'limits'>,
  input: PlayerScoring,
  ip: string,
): Promise<void> {
  const visitor = visitorOf(deps, ip);
  const now = deps.clock.now();
  const taken = await repo.takeForRating(deps.db, {
    ref: input.ref,
    hit: { limiter: deps.limits.publicWrites, key: visitor },
    now,
    visitor,
    since: new Date(now.getTime() - 3600_000).toISOString(),
  });
  if (!taken.found) throw playerNotFound();
  if (!taken.allowed) throw new AppError('RATE_LIMITED', 'Too many requests, try again later');
  if (taken.recent >= RATINGS_PER_VISITOR_HOUR) throw new AppError('RATE_LIMITED', 'Too many ratings, try again later');
  const day = Math.floor(now.getTime() / DAY_MS);
  // The id is the same for a visitor, player and day: the database itself refuses a second rating.
  const id = createHash('sha256').update(`PLAYER\n${input.ref}\n${visitor}\n${day}`).digest('base64url').slice(0, 32);
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  const inserted = await insertRatingOnce(deps.db, 'PLAYER', {
    id,
    target: input.ref,
    visitor,
    score: input.score,
    comment,
    now: now.toISOString(),
  });
  // Not a limit but a fact the visitor's page shows: their rating was received already.
  if (!inserted) throw new AppError('CONFLICT', 'You have already rated this player today');
}

/**
 * The widths a player link's job makes, the one asked most first for every frame: a visitor who opens the
 * link while the job runs then finds it made (a phone's spin and the page's inline frame are
 * INLINE_FRAME_WIDTH) rather than an API process reading the original to make it on the fly.
 */
const PREPARE_ORDER = [INLINE_FRAME_WIDTH, ...FRAME_WIDTHS.filter((w) => w !== INLINE_FRAME_WIDTH)];

/**
 * `players.prepare-frames`: the WebP variants of a player's spin frames at every width, made when its
 * reference is given out, so a visitor's first view never waits for a resize. Each variant is made only
 * when the image_variants table does not have it yet, so a retry or a second job redoes nothing; JPEG
 * (for browsers without WebP) and a later replaced image are still made on demand.
 */
export async function prepareFrames(
  deps: Pick<PlayersDeps, 'db' | 'variants'>,
  ref: string,
  signal: AbortSignal,
): Promise<void> {
  const found = await repo.findPlayerSource(deps.db, ref);
  if (!found || PROCESSING_STATUSES.has(found.remarketingStatus) || found.shootingType === 'VIDEO') return;
  const { frames } = await finalMedia(deps, found.shootingId);
  // Width by width, one resize at a time: the worker's other jobs keep their share.
  await deps.variants.prepare(frames, PREPARE_ORDER, 'webp', signal);
}

/**
 * Whether the reference is of a shooting the caller's owners hold: the one tenancy check of a reference (the
 * statistics of a shared player, the personal links of recipients).
 */
export async function playerRefInScope(
  deps: Pick<Adapters, 'db'>,
  user: Pick<UserContext, 'ownerIds'>,
  ref: string,
): Promise<boolean> {
  return repo.refInScope(deps.db, ref, user.ownerIds);
}

/** The reference of a shooting for a marketplace, made once (the live rooms give the portal's one). */
export function referenceFor(
  deps: Pick<Adapters, 'db'>,
  input: { shootingId: string; marketplace: string; newRef: string; userId: string; now: string },
): Promise<string> {
  return repo.getOrCreateRef(deps.db, input);
}
