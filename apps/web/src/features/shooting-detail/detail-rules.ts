import { ARCHIVE_TYPES, archiveHolds, isVirtualVin, VIDEO_TYPES, type ArchiveType, type ShootingDetail, type ShootingImage, type ShootingType, type ShootingVideo } from '@forecourt/contracts';

/** Not synchronised: a virtual product of a real owner (id prefix before _ not VIRTUAL), STANDARD or VIDEO. */
export function isNotSynchronised(d: Pick<ShootingDetail, 'productType' | 'vin' | 'ownerId'>, type: ShootingType): boolean {
  const virtualProduct = d.productType === 'VIRTUAL' || isVirtualVin(d.vin);
  const virtualOwner = d.ownerId.split('_')[0] === 'VIRTUAL';
  return virtualProduct && !virtualOwner && (type === 'STANDARD' || type === 'VIDEO');
}

/** A virtual vin is cut to 15 characters and an ellipsis (spec section 2). */
export const displayVin = (vin: string): string => (isVirtualVin(vin) && vin.length > 15 ? `${vin.slice(0, 15)}…` : vin);

/** The video to play: the first type of the spec's preference order that exists. */
export function pickVideo(videos: readonly ShootingVideo[]): ShootingVideo | null {
  for (const type of VIDEO_TYPES) {
    const v = videos.find((x) => x.type === type);
    if (v) return v;
  }
  return null;
}

export type VideoView =
  | { kind: 'noVideo' }
  | { kind: 'badVideoFormat' }
  | { kind: 'native'; src: string }
  | { kind: 'embed'; src: string; streamer: 'YOUTUBE' | 'CLOUDFLARE' };

/** How a video is shown: hosted files natively, YouTube and Cloudflare Stream embedded. */
export function videoView(video: ShootingVideo | null): VideoView {
  if (!video || !video.reference?.trim()) return { kind: 'noVideo' };
  const ref = encodeURIComponent(video.reference.trim());
  switch (video.streamer) {
    case 'YOUTUBE':
      return { kind: 'embed', streamer: 'YOUTUBE', src: `https://www.youtube-nocookie.com/embed/${ref}` };
    case 'CLOUDFLARE':
      return { kind: 'embed', streamer: 'CLOUDFLARE', src: `https://iframe.videodelivery.net/${ref}` };
    case 'STAMPYT':
      return video.url ? { kind: 'native', src: video.url } : { kind: 'noVideo' };
    default:
      return { kind: 'badVideoFormat' };
  }
}

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
