import type { ImageType } from '@forecourt/contracts';
import sharp from 'sharp';
import type { Adapters } from '../../platform/adapters';
import { makeThumbnail } from '../images/image-render';
import { stampImage } from '../stamps/stamp-render';
import { stampForJob, type StampRow } from '../stamps/stamps.service';
import { IN_PLACE, placeQuad, type Placement } from '../vision/crop-framing';
import { applyPlateCover, defaultPlateCover } from '../vision/plate-cover';
import type { CoverParams } from './edit-params';
import {
  findEdit,
  findOwnerPlateCover,
  findPositionCover,
  updateEditResult,
  type EditOutput,
  type EditRow,
  type PositionImage,
} from './editing.repo';

type Deps = Pick<Adapters, 'db' | 'blobs'>;

export const COVERED_CROP_TYPES: readonly ImageType[] = ['ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC'];

const editKey = (e: EditRow, type: ImageType) => `shootings/${e.shootingId}/edits/${e.id}/${e.position}-${type}.jpg`;
const thumbKey = (key: string) => key.replace(/\.jpg$/, '-thumb.jpg');

/** Stores a file an edit produced, and its thumbnail, under the edit's own keys (a retry overwrites them). */
export async function storeEditFile(
  deps: Deps,
  edit: EditRow,
  type: ImageType,
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<EditOutput> {
  const key = editKey(edit, type);
  await Promise.all([
    deps.blobs.put(key, bytes, 'image/jpeg'),
    deps.blobs.put(thumbKey(key), await makeThumbnail(bytes), 'image/jpeg'),
  ]);
  return {
    imageType: type,
    blobKey: key,
    thumbnailKey: thumbKey(key),
    width: size.width,
    height: size.height,
    bytes: bytes.length,
  };
}

export interface LoadedStamp {
  row: StampRow;
  overlay: Buffer;
}

/** The stamp and its overlay, or null when either is gone. */
export async function loadStamp(deps: Deps, stampId: string): Promise<LoadedStamp | null> {
  const row = await stampForJob(deps, stampId);
  const overlay = row && (await deps.blobs.getBuffer(row.overlayKey));
  return row && overlay ? { row, overlay } : null;
}

/** The owner's plate cover, or a clean plate with the dealer's name when they have none. */
export async function plateCoverImage(deps: Deps, cover: Pick<CoverParams, 'ownerId' | 'ownerName'>): Promise<Buffer> {
  const key = await findOwnerPlateCover(deps.db, cover.ownerId);
  return (key && (await deps.blobs.getBuffer(key))) || defaultPlateCover(cover.ownerName);
}

/**
 * ORIGINAL_CROPPED_LPC and STAMPED_CROPPED_LPC of a cropped rendering: the plates found on the photo,
 * moved to where the composition put the photo's pixels, covered; then stamped. Stored as files of `target`.
 */
export async function coverCroppedRendering(
  deps: Deps,
  target: EditRow,
  cropped: Buffer,
  placement: Placement,
  cover: CoverParams,
  stamp: LoadedStamp | null,
): Promise<EditOutput[]> {
  const plates = cover.plates.map((quad) => placeQuad(quad, placement));
  const covered = await applyPlateCover(cropped, plates, await plateCoverImage(deps, cover));
  const meta = await sharp(covered).metadata();
  const outputs = [
    await storeEditFile(deps, target, 'ORIGINAL_CROPPED_LPC', covered, { width: meta.width, height: meta.height }),
  ];
  if (stamp) {
    const stamped = await stampImage(covered, { ...stamp.row, overlay: stamp.overlay });
    outputs.push(await storeEditFile(deps, target, 'STAMPED_CROPPED_LPC', stamped, stamp.row));
  }
  return outputs;
}

/**
 * Covering a position that is already cropped: its current ORIGINAL_CROPPED covered with the cover edit's
 * plates, through the placement of the cropping that made it (in place for croppings made before framing).
 */
export async function coverCroppedPosition(
  deps: Deps,
  coverEdit: EditRow,
  images: PositionImage[],
  stamp: LoadedStamp | null,
): Promise<EditOutput[]> {
  const cropped = images.find((i) => i.imageType === 'ORIGINAL_CROPPED');
  if (!cropped) return [];
  const bytes = await deps.blobs.getBuffer(cropped.blobKey);
  if (!bytes) throw new Error('The cropped picture file is missing');
  const cropping = cropped.maskId ? await findEdit(deps.db, cropped.maskId) : null;
  return coverCroppedRendering(
    deps,
    coverEdit,
    bytes,
    cropping?.placement ?? IN_PLACE,
    coverEdit.params as CoverParams,
    stamp,
  );
}

/**
 * The files of a finished cropping edit as they must be added: when its position's cover changed since
 * the cropping ran (covered meanwhile, or covered again), its covered renderings are made again with the
 * current plates first, so a cropped picture never reaches the shooting with its plate showing.
 */
export async function outputsToAdd(deps: Deps, crop: EditRow, stampId: string): Promise<EditOutput[]> {
  const cover = await findPositionCover(deps.db, crop.shootingId, crop.position);
  if (!cover || cover.id === crop.coverEditId) return crop.outputs;
  const original = crop.outputs.find((o) => o.imageType === 'ORIGINAL_CROPPED');
  const bytes = original && (await deps.blobs.getBuffer(original.blobKey));
  if (!bytes) throw new Error('The cropped picture file is missing');
  const covered = await coverCroppedRendering(
    deps,
    crop,
    bytes,
    crop.placement ?? IN_PLACE,
    cover.params as CoverParams,
    await loadStamp(deps, stampId),
  );
  const outputs = [...crop.outputs.filter((o) => !COVERED_CROP_TYPES.includes(o.imageType)), ...covered];
  await updateEditResult(deps.db, crop.id, {
    outputs,
    maskKey: crop.maskKey ?? undefined,
    placement: crop.placement ?? undefined,
    coverEditId: cover.id,
  });
  return outputs;
}
