import {
  ARCHIVE_TYPES,
  archiveHolds,
  isVirtualVin,
  type ArchiveType,
  type ShootingDetail,
  type ShootingImage,
  type ShootingType,
} from '@forecourt/contracts';
import { pickVideo } from '../../components/video-view';

/** Not synchronised: a virtual product of a real owner (id prefix before _ not VIRTUAL), STANDARD or VIDEO. */
export function isNotSynchronised(
  d: Pick<ShootingDetail, 'productType' | 'vin' | 'ownerId'>,
  type: ShootingType,
): boolean {
  const virtualProduct = d.productType === 'VIRTUAL' || isVirtualVin(d.vin);
  const virtualOwner = d.ownerId.split('_')[0] === 'VIRTUAL';
  return virtualProduct && !virtualOwner && (type === 'STANDARD' || type === 'VIDEO');
}

/**
 * The number a person reads for a picture position, counted from 1 as the results and the angles say "Picture 1":
 * stored orders start at 0 for uploads and at 1 for some imports. A picture and its edits share their number.
 */
export function pictureNumber(images: readonly Pick<ShootingImage, 'order'>[], order: number): number {
  return [...new Set(images.map((i) => i.order))].sort((a, b) => a - b).indexOf(order) + 1;
}

/** A virtual vin is cut to 15 characters and an ellipsis (spec section 2). */
export const displayVin = (vin: string): string =>
  isVirtualVin(vin) && vin.length > 15 ? `${vin.slice(0, 15)}…` : vin;

export interface ShootingActions {
  downloadMenu: boolean;
  deleteShooting: boolean;
  deleteVideo: boolean;
  downloadVideo: boolean;
  resendDms: boolean;
}

/** The actions of spec section 6 this screen renders itself, by type and the user's options. */
export function shootingActions(
  type: ShootingType,
  d: Pick<ShootingDetail, 'productType' | 'vin' | 'videos'>,
  has: (option: string) => boolean,
): ShootingActions {
  const video = pickVideo(d.videos);
  const hostedElsewhere = video?.streamer === 'CLOUDFLARE' || video?.streamer === 'YOUTUBE';
  const standard = type === 'STANDARD';
  return {
    downloadMenu: standard,
    deleteShooting: standard && has('useDeleteShooting'),
    deleteVideo: type === 'VIDEO' && hostedElsewhere && has('useDeleteShooting'),
    downloadVideo: type === 'VIDEO' && hostedElsewhere,
    resendDms: standard && has('useResendDMSOnStampotheque') && !(d.productType === 'VIRTUAL' || isVirtualVin(d.vin)),
  };
}

/** The archives worth offering: those that would hold at least one of the shooting's images. */
export const offeredArchives = (images: readonly Pick<ShootingImage, 'imageType'>[]): ArchiveType[] =>
  ARCHIVE_TYPES.filter((type) => images.some((i) => archiveHolds(type, i.imageType)));
