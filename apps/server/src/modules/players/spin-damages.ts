import {
  isEditedImageType,
  type DamageKind,
  type DamageSeverity,
  type DamageZone,
  type PlayerDamage,
} from '@forecourt/contracts';
import { imageVersion } from './player-media';
import type { ImageRow, SpinDamageRow } from './players.repo';

/**
 * The hotspots of a spin: each damage on the frame of the picture it was placed on. A damage placed on a
 * picture that is no longer a frame (the position was edited since, which may move the vehicle in the
 * picture) is left out rather than shown at a spot that no longer matches.
 */
export function spinHotspots(
  ref: string,
  frames: readonly ImageRow[],
  damages: readonly SpinDamageRow[],
): PlayerDamage[] {
  const frameOf = new Map(frames.map((f, i) => [f.id, i]));
  return damages.flatMap((d) => {
    const frame = frameOf.get(d.spotImageId);
    if (frame === undefined) return [];
    return [
      {
        id: d.id,
        frame,
        x: d.x,
        y: d.y,
        zone: d.zone as DamageZone,
        kind: d.kind as DamageKind,
        severity: d.severity as DamageSeverity,
        photoUrl: d.photo
          ? `/api/external/legacy/players/${encodeURIComponent(ref)}/damages/${encodeURIComponent(d.id)}/photo.jpg?v=${imageVersion(d.photo)}`
          : null,
      },
    ];
  });
}

/** Indexes of the frames whose background was replaced or plate covered. */
export const editedFrameIndexes = (frames: readonly Pick<ImageRow, 'imageType'>[]): number[] =>
  frames.flatMap((f, i) => (isEditedImageType(f.imageType) ? [i] : []));
