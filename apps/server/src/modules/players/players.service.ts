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
import type { UserContext } from '../identity/identity.repo';
import { requireShooting } from '../shootings/shooting-scope.service';
import { FrameVariants, type Variant, type VariantFormat } from './frame-variants';
import { imageVersion, pickVideo, PROCESSING_STATUSES, splitMedia } from './player-media';
import type { PlayersJobs } from './players.jobs';
import * as repo from './players.repo';

const DAY_MS = 24 * 3600 * 1000;
/** Ratings one visitor may leave in an hour, over all players. */
export const RATINGS_PER_VISITOR_HOUR = 20;

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'config' | 'queue'> & {
  visitorSecret: string;
  jobs: PlayersJobs;
};

const playerNotFound = () => new AppError('NOT_FOUND', 'This player is not available');

export function createPlayersService(deps: Deps) {
  const { db, clock, ids, config } = deps;
  const variants = new FrameVariants(deps);
  // One burst limit per address for the public writes; the daily rating rule is in the database.
  const publicWrites = new RateLimiter(db, clock, 'player-writes', 30, 60_000);
  const watchedOnce = new RateLimiter(db, clock, 'player-watched', 1, 10 * 60_000);

  const base = (ref: string) => `/api/external/legacy/players/${encodeURIComponent(ref)}`;

  /** Hides the address: ratings keep a keyed hash of it, enough to count, not to trace. */
  const visitorOf = (ip: string) =>
    createHmac('sha256', deps.visitorSecret).update(ip).digest('base64url').slice(0, 32);

  const source = async (ref: string) => {
    const found = await repo.findPlayerSource(db, ref);
    if (!found) throw playerNotFound();
    return found;
  };

  const finalMedia = async (shootingId: string) => splitMedia(await repo.listImages(db, shootingId));

  /** The image of a frame a visitor may see. */
  const frameImage = async (ref: string, index: number, width: FrameWidth) => {
    if (!FRAME_WIDTHS.includes(width)) throw playerNotFound();
    const s = await source(ref);
    if (PROCESSING_STATUSES.has(s.remarketingStatus)) throw playerNotFound();
    const image = (await finalMedia(s.shootingId)).frames[index];
    if (!image) throw playerNotFound();
    return image;
  };

  return {
    /** The reference of a shooting for a marketplace, and the link to share (short when asked). */
    async getReference(
      user: UserContext,
      shootingId: string,
      marketplace: string,
      shortened: boolean,
    ): Promise<PlayerInfo> {
      await requireShooting(db, user, { shootingId });
      const ref = await repo.getOrCreateRef(db, {
        shootingId,
        marketplace,
        newRef: ids.token(),
        userId: user.id,
        now: clock.now().toISOString(),
      });
      // The link is about to be shared: make the frame variants now. Keyed by the frames' versions, so
      // asking again enqueues nothing new until an image changes.
      const { frames } = await finalMedia(shootingId);
      if (frames.length > 0) {
        const versions = createHash('sha256')
          .update(frames.map(imageVersion).join('\n'))
          .digest('base64url')
          .slice(0, 16);
        await deps.queue.enqueue(
          deps.jobs.prepareFrames,
          { ref },
          { key: `players.prepare-frames:${ref}:${versions}` },
        );
      }
      const url = shortened ? `${config.PUBLIC_URL}/p/${ref}` : `${config.PUBLIC_URL}/public/player/${ref}`;
      return { ref, url };
    },

    async getOptions(ref: string): Promise<PlayerOptions> {
      const s = await source(ref);
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
          config.WEBINAR_FORM_URL && config.PROVIDER_GROUP_ID && s.lastUser?.groupId === config.PROVIDER_GROUP_ID
            ? config.WEBINAR_FORM_URL
            : null,
      };
      if (PROCESSING_STATUSES.has(s.remarketingStatus)) {
        return { ...common, state: 'UNDER_CONSTRUCTION', frames: [], panoramaUrl: null, video: null };
      }
      const { frames, panorama } = await finalMedia(s.shootingId);
      const sized = await Promise.all(
        frames.map(async (f) => ({ version: imageVersion(f), ...(await variants.size(f)) })),
      );
      const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(db, s.shootingId)) : null;
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
              posterUrl: video.streamer === 'STAMPYT' && video.blobKey && video.posterKey ? `${base(ref)}/video/poster.jpg` : null,
            }
          : null,
      };
    },

    async frame(ref: string, index: number, width: FrameWidth, format: VariantFormat): Promise<Variant> {
      return variants.get(await frameImage(ref, index, width), width, format);
    },

    /** A frame's variant if it is already made, else null (the player page does not wait for one). */
    async cachedFrame(ref: string, index: number, width: FrameWidth, format: VariantFormat): Promise<Variant | null> {
      return variants.cached(await frameImage(ref, index, width), width, format);
    },

    async panorama(ref: string): Promise<Variant> {
      const s = await source(ref);
      const pano = PROCESSING_STATUSES.has(s.remarketingStatus) ? null : (await finalMedia(s.shootingId)).panorama;
      if (!pano) throw playerNotFound();
      // Photo Sphere Viewer needs the whole sphere; 4096 px is sharp enough and safe for mobile GPUs.
      return variants.get(pano, 4096, 'jpg');
    },

    async logo(ref: string) {
      const s = await source(ref);
      const obj = s.owner.logoKey ? await deps.blobs.get(s.owner.logoKey) : null;
      if (!obj) throw playerNotFound();
      return obj;
    },

    /** The hosted video, whole or the byte range asked (phones seek with ranges). */
    async video(ref: string, rangeHeader?: string): Promise<{ obj: BlobObject; total: number; range: { start: number; end: number } | null }> {
      const s = await source(ref);
      const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(db, s.shootingId)) : null;
      const info = video?.blobKey ? await deps.blobs.head(video.blobKey) : null;
      if (!video?.blobKey || !info) throw playerNotFound();
      const range = parseByteRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') throw new AppError('VALIDATION_ERROR', 'Range not satisfiable', { size: info.size }, 416);
      const obj = range ? await deps.blobs.getRange(video.blobKey, range.start, range.end) : await deps.blobs.get(video.blobKey);
      if (!obj) throw playerNotFound();
      return { obj, total: info.size, range };
    },

    /** The poster frame of the hosted video. */
    async poster(ref: string): Promise<BlobObject> {
      const s = await source(ref);
      const video = s.shootingType === 'VIDEO' ? pickVideo(await repo.listVideos(db, s.shootingId)) : null;
      const obj = video?.posterKey ? await deps.blobs.get(video.posterKey) : null;
      if (!obj) throw playerNotFound();
      return obj;
    },

    /** The 'watched' notification: counted once per visitor and player every ten minutes. */
    async watched(ref: string, ip: string): Promise<void> {
      await source(ref);
      const visitor = visitorOf(ip);
      if (!(await publicWrites.take(visitor)) || !(await watchedOnce.take(`${visitor}:${ref}`))) return;
      await repo.recordEvent(db, {
        id: ids.uuid(),
        kind: 'PLAYER_WATCHED',
        subject: ref,
        payload: {},
        now: clock.now().toISOString(),
      });
    },

    /** A visitor's rating: one per visitor, player and day, and a few per hour over all players. */
    async rate(input: PlayerScoring, ip: string): Promise<void> {
      await source(input.ref);
      const visitor = visitorOf(ip);
      const now = clock.now();
      if (!(await publicWrites.take(visitor))) throw new AppError('RATE_LIMITED', 'Too many requests, try again later');
      if (
        (await repo.countRatingsSince(db, visitor, new Date(now.getTime() - 3600_000).toISOString())) >=
        RATINGS_PER_VISITOR_HOUR
      ) {
        throw new AppError('RATE_LIMITED', 'Too many ratings, try again later');
      }
      const day = Math.floor(now.getTime() / DAY_MS);
      // The id is the same for a visitor, player and day: the database itself refuses a second rating.
      const id = createHash('sha256')
        .update(`PLAYER\n${input.ref}\n${visitor}\n${day}`)
        .digest('base64url')
        .slice(0, 32);
      const comment = input.comment?.trim() ? input.comment.trim() : null;
      const inserted = await repo.insertRatingOnce(db, {
        id,
        target: input.ref,
        visitor,
        score: input.score,
        comment,
        now: now.toISOString(),
      });
      // Not a limit but a fact the visitor's page shows: their rating was received already.
      if (!inserted) throw new AppError('CONFLICT', 'You have already rated this player today');
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;

/** Whether the reference is of a shooting the caller's owners hold (the statistics of a shared player). */
export async function playerRefInScope(deps: Pick<Adapters, 'db'>, user: Pick<UserContext, 'ownerIds'>, ref: string): Promise<boolean> {
  return repo.refInScope(deps.db, ref, user.ownerIds);
}

/** The reference of a shooting for a marketplace, made once (the live rooms give the portal's one). */
export function referenceFor(deps: Pick<Adapters, 'db'>, input: { shootingId: string; marketplace: string; newRef: string; userId: string; now: string }): Promise<string> {
  return repo.getOrCreateRef(deps.db, input);
}
