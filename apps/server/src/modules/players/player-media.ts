import { createHash } from 'node:crypto';
import { ORDER_GALLERY_PREFERENCE, PLAYER_PREPARING_STATUSES, VIDEO_TYPES, type ImageType } from '@forecourt/contracts';
import type { ImageRow, VideoRow } from './players.repo';

/** While a shooting is in these states its player is under construction: no media yet (shared with the portal). */
export const PROCESSING_STATUSES = PLAYER_PREPARING_STATUSES;

const rank = (type: string): number => ORDER_GALLERY_PREFERENCE.indexOf(type as ImageType);

/** An equirectangular panorama is twice as wide as it is high; a 4/3 or 16/9 photo never is. */
export const isEquirectangular = (img: Pick<ImageRow, 'width' | 'height'>): boolean =>
  Boolean(img.width && img.height && Math.abs(img.width / img.height - 2) < 0.02);

/**
 * The final image of each position, as the order gallery picks it: the latest type of the preference
 * list that exists (spec section 2). Positions are returned in order.
 */
export function pickFinalImages(images: ImageRow[]): ImageRow[] {
  const best = new Map<number, ImageRow>();
  for (const img of images) {
    const r = rank(img.imageType);
    if (r < 0) continue;
    const current = best.get(img.position);
    if (!current || rank(current.imageType) < r) best.set(img.position, img);
  }
  return [...best.values()].sort((a, b) => a.position - b.position);
}

/** The spin frames and the interior panorama (the last equirectangular image) of a shooting. */
export function splitMedia(images: ImageRow[]): { frames: ImageRow[]; panorama: ImageRow | null } {
  const finals = pickFinalImages(images);
  const panoramas = finals.filter(isEquirectangular);
  return { frames: finals.filter((i) => !isEquirectangular(i)), panorama: panoramas.at(-1) ?? null };
}

/** The video to play: the first type of the preference order (spec section 3) that exists. */
export function pickVideo(videos: VideoRow[]): VideoRow | null {
  for (const type of VIDEO_TYPES) {
    const v = videos.find((x) => x.videoType === type);
    if (v) return v;
  }
  return videos[0] ?? null;
}

/** An opaque version of an image: changes when the image is replaced, reveals nothing of its id. */
export const imageVersion = (img: Pick<ImageRow, 'id' | 'blobKey' | 'updatedAt'>): string =>
  createHash('sha256').update(`${img.id}\n${img.blobKey}\n${img.updatedAt}`).digest('base64url').slice(0, 16);
