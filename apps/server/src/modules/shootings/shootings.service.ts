import {
  registrationKey,
  type ProductInfo,
  type ProductType,
  type ShootingDetail,
  type ShootingListQuery,
  type ShootingType,
  type ShootingVideo,
  type DmsStatus,
  type ImageType,
  type VideoType,
} from '@forecourt/contracts';
import { hash } from 'node:crypto';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { PresignCache } from '../../platform/blobs/presign-cache';
import type { Clock } from '../../platform/clock';
import type { Db, DbDialect } from '../../platform/db/database';
import type { UserContext } from '../identity/user-context';
import type { CachedPage, ShootingListCache } from './shootings-list-cache';
import { requireProduct, requireShooting } from './shooting-scope.service';
import * as repo from './shootings.repo';

export interface ReadDeps {
  db: Db;
  dialect: DbDialect;
  blobs: BlobStore;
  presignTtlSeconds: number;
  /** The list's thumbnail links, reused across requests (platform/blobs/presign-cache.ts). */
  thumbnails: PresignCache;
  clock: Clock;
  /** List pages kept while their owners' data versions hold; none when LIST_CACHE_ENTRIES is 0. */
  listCache?: ShootingListCache | undefined;
}

type Scope = Pick<UserContext, 'ownerIds'>;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The caller's shootings, newest first, one page, as the JSON text of its ShootingListResponse: the
 * database writes each item but its image (shootings.repo.ts), whose signed link is added here. Dates are
 * whole UTC days, both ends included.
 */
export async function listShootingsJson(deps: ReadDeps, user: Scope, q: ShootingListQuery): Promise<string> {
  const rows = await repo.listShootingPage(deps.db, deps.dialect, {
    ownerIds: user.ownerIds,
    types: q.shootingTypes,
    from: q.startDate ? `${q.startDate}T00:00:00.000Z` : undefined,
    until: q.endDate ? nextDay(q.endDate) : undefined,
    registration: registrationKey(q.registration ?? '') || undefined,
    limit: q.limit,
    offset: q.offset,
  });
  const links = await deps.thumbnails.getMany(
    rows.map((r) => r.cover),
    deps.presignTtlSeconds,
  );
  let body = '{"items":[';
  for (let i = 0; i < rows.length; i++) {
    const item = rows[i]!.item;
    const link = links[i];
    body += `${i ? ',' : ''}${item.slice(0, item.lastIndexOf('}'))},"image":${link ? JSON.stringify(link) : 'null'}}`;
  }
  return `${body}]}`;
}

export type ListPage = Pick<CachedPage, 'body' | 'etag'>;

/**
 * The list response as sent (JSON body and ETag), from the cache when the caller's owners have not
 * changed since it was built. The versions are read before the page, so a write landing in between
 * leaves an entry that the next request already finds out of date: `known` are the versions of the
 * caller's owners that the request's authentication read with its context (earlier still), else they
 * are read here.
 */
export async function listShootingsPage(
  deps: ReadDeps,
  user: Pick<UserContext, 'id' | 'ownerIds'>,
  q: ShootingListQuery,
  known: string | null = null,
): Promise<ListPage> {
  const cache = deps.listCache;
  if (!cache) return toPage(await listShootingsJson(deps, user, q));
  // The scope (user and owners) and the whole normalised query; nothing else shapes the items.
  const key = JSON.stringify([
    user.id,
    user.ownerIds,
    [...q.shootingTypes].sort(),
    q.startDate,
    q.endDate,
    registrationKey(q.registration ?? ''),
    q.limit,
    q.offset,
  ]);
  const versions = known ?? (await repo.listVersions(deps.db, user.ownerIds));
  const hit = cache.get(key, versions, deps.clock.now().getTime());
  if (hit) return hit;
  const until = deps.thumbnails.sameLinksUntil(deps.presignTtlSeconds);
  const page = { ...toPage(await listShootingsJson(deps, user, q)), versions, until };
  cache.set(key, page);
  return page;
}

function toPage(json: string): ListPage {
  const body = Buffer.from(json);
  // crypto.hash: one call, no Hash object (Node 20.12+, as package.json's engines ask).
  return { body, etag: `"${hash('sha1', body, 'base64url')}"` };
}

async function toVideos(deps: ReadDeps, shootingId: string): Promise<ShootingVideo[]> {
  const rows = await repo.videosOf(deps.db, shootingId);
  return Promise.all(
    rows.map(async (v) => ({
      id: v.id,
      type: v.video_type as VideoType,
      streamer: v.streamer,
      url: v.blob_key ? await deps.blobs.presignGet(v.blob_key, { expiresInSeconds: deps.presignTtlSeconds }) : v.url,
      reference: v.reference,
      posterUrl: v.poster_key
        ? await deps.blobs.presignGet(v.poster_key, { expiresInSeconds: deps.presignTtlSeconds })
        : null,
    })),
  );
}

export async function getShooting(
  deps: ReadDeps,
  user: Scope,
  key: { ownerId: string; productId: string; shootingId: string },
): Promise<ShootingDetail> {
  const s = await requireShooting(deps.db, user, key);
  const [imageRows, videos] = await Promise.all([repo.imagesOf(deps.db, s.id), toVideos(deps, s.id)]);
  const stampIds = [
    ...new Set([s.stampId, ...imageRows.map((i) => i.stamp_id)].filter((x): x is string => Boolean(x))),
  ];
  const stamps = await repo.stampsByIds(deps.db, stampIds);
  const ttl = { expiresInSeconds: deps.presignTtlSeconds };
  const images = await Promise.all(
    imageRows.map(async (i) => ({
      id: i.id,
      url: await deps.blobs.presignGet(i.blob_key, ttl),
      thumbnailUrl: i.thumbnail_key ? await deps.blobs.presignGet(i.thumbnail_key, ttl) : null,
      order: i.position,
      imageType: i.image_type as ImageType,
      isLabelImage: i.is_label_image === 1,
      maskId: i.mask_id,
      stampId: i.stamp_id,
      format: i.format,
    })),
  );
  const fullName = [s.givenName, s.familyName].filter(Boolean).join(' ');
  return {
    id: s.id,
    productId: s.productId,
    ownerId: s.ownerId,
    ownerName: s.ownerName,
    shootingType: s.shootingType as ShootingType,
    videoName: s.videoName,
    registration: s.registration,
    productType: s.productType as ProductType,
    vin: s.vin,
    brand: s.brand,
    model: { name: s.model, stamps },
    status: s.remarketingStatus,
    remarketingShootingStatus: s.remarketingStatus,
    created: s.createdAt,
    format: s.format,
    stamps,
    details: { registration: s.registration, vin: s.vin, brand: s.brand, model: s.model },
    images,
    videos,
    user: fullName ? { fullName } : null,
    dmsStatus: s.dmsStatus as DmsStatus,
    dmsSyncedAt: s.dmsSyncedAt,
  };
}

export async function getShootingVideos(
  deps: ReadDeps,
  user: Scope,
  key: { ownerId: string; productId: string; shootingId: string },
): Promise<ShootingVideo[]> {
  const s = await requireShooting(deps.db, user, key);
  return toVideos(deps, s.id);
}

export async function getProduct(
  deps: Pick<ReadDeps, 'db'>,
  user: Scope,
  key: { ownerId: string; productId: string },
): Promise<ProductInfo> {
  const p = await requireProduct(deps.db, user, key);
  return {
    id: p.id,
    productId: p.id,
    ownerId: p.owner_id,
    registration: p.registration,
    vin: p.vin,
    brand: p.brand,
    model: p.model,
    productType: p.product_type as ProductType,
    details: { registration: p.registration },
  };
}
