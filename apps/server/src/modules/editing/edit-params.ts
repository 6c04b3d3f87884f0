import type { CroppingType } from '@forecourt/contracts';
import type { Quad } from '../vision/geometry';

/** What a licence-plate cover edit was asked: the plates' corners on the position's ORIGINAL, and whose cover. */
export interface CoverParams {
  plates: Quad[];
  ownerId: string;
  ownerName: string;
  stampId: string;
}

/** What a cropping edit was asked, from the stamp's cropping configuration when it was requested. */
export interface CropParams {
  croppingType: CroppingType;
  backgroundKey: string | null;
  blurringValue: number;
  stampId: string;
  /** Percent of the height where the set's floor begins; absent on edits queued before it existed. */
  floorLevel?: number;
}
