import type { PictureAngle } from '@forecourt/contracts';
import type { Circle } from './angle-circles';

/** What the angle rules and model read of a picture, and what they answer (decisions 0056, 0061). */

/** What the rules read of a picture; fractions are of the picture's width (x) and height (y). */
export interface AngleFeatures {
  /** The most plate-like licence plate, if the detector found one. */
  plate: { cx: number; cy: number; width: number } | null;
  /** The vehicle mask (IS-Net), if it holds a vehicle at all. */
  car: {
    /** Bounding box of the mask, in fractions of the picture. */
    left: number;
    right: number;
    top: number;
    bottom: number;
    /** Share of the picture the vehicle covers. */
    area: number;
    /** Width over height of the box, in pixels. */
    aspect: number;
    /**
     * Where the plate sits across the vehicle at the plate's height: its centre's distance from the middle of
     * the vehicle there, in vehicle widths (0 centred, ±0.5 at an edge). Null without a plate.
     */
    plateOffset: number | null;
    /** The silhouette against its mirror image around the box's middle (intersection over union). */
    symmetry: number;
    /** The vehicle's pixels right of the plate minus left of it, over all (−1..1). Null without a plate. */
    balance: number | null;
  } | null;
  /** Share of red pixels (tail lights) beside the plate, left and right of it, up to 2 plate widths above. */
  redBeside: number;
  /** The weaker side's red over the stronger one's (0..1; 0 without red): lamps on both sides or one. */
  redBalance: number;
  /** Share of red pixels in the lower two thirds of the vehicle's box. */
  redInCar: number;
  /** Share of red on the vehicle's body, upper half of its box: a red car, not its lamps. */
  redBody: number;
  /** Brightness difference (0..1) between the two sides of the plate, mirrored around it; null near an edge. */
  mirror: number | null;
  /** Brightness steps just above the plate (a grille) and near-white beside it (lit head lamps); null without one. */
  around: { texture: number; bright: number } | null;
  /** Mean brightness of the picture (0..1) and its share of dark pixels. */
  light: { mean: number; dark: number };
  /** The strongest circles of the picture (wheels, a steering wheel), strongest first. */
  circles: Circle[];
}

export interface AngleVerdict {
  /** Null: not recognised, left to a person. */
  angle: PictureAngle | null;
  /** Which rule decided, for the bench's and the logs' reading. */
  rule: string;
}
