import type { PictureAngle } from '@forecourt/contracts';

/**
 * A picture's angle from what the pipeline measures of it (decision 0056): pure, so that each rule is
 * unit-tested without pictures. `angle-features.ts` measures; `npm run bench -- angles` scores these rules on
 * labelled real photos.
 */

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
  } | null;
  /** Share of red pixels (tail lights) beside the plate, left and right of it, up to 2 plate widths above. */
  redBeside: number;
}

export interface AngleVerdict {
  /** Null: not recognised, left to a person. */
  angle: PictureAngle | null;
  /** Which rule decided, for the bench's and the logs' reading. */
  rule: string;
}

/** Below this share of red beside the plate, no tail lights: the plate is a front one. */
export const RED_REAR = 0.003;
/** A plate this far from the vehicle's middle (in vehicle widths) is seen at an angle: a ¾ view. */
export const OFF_CENTRE_THREE_QUARTER = 0.15;
/** A plate-less vehicle box this much wider than tall, whole in the frame, is a side view. */
export const SIDE_ASPECT = 2.3;
/** Less than this share of the picture is no vehicle worth naming. */
export const MIN_CAR_AREA = 0.03;
// A mask touching both side edges is cut by the frame: its box says nothing of the view.
const EDGE = 0.01;

export function classifyAngle(f: AngleFeatures): AngleVerdict {
  const car = f.car && f.car.area >= MIN_CAR_AREA ? f.car : null;
  if (f.plate) {
    const rear = f.redBeside >= RED_REAR;
    const offset = car?.plateOffset ?? null;
    if (offset === null) return { angle: rear ? 'rear' : 'front', rule: 'plate, no vehicle mask around it' };
    const threeQuarter = Math.abs(offset) >= OFF_CENTRE_THREE_QUARTER;
    if (threeQuarter)
      return { angle: rear ? 'rear_three_quarter' : 'front_three_quarter', rule: 'plate off the vehicle’s middle' };
    return { angle: rear ? 'rear' : 'front', rule: 'plate in the vehicle’s middle' };
  }
  if (!car) return { angle: null, rule: 'no plate, no vehicle' };
  const whole = car.left > EDGE && car.right < 1 - EDGE;
  if (whole && car.aspect >= SIDE_ASPECT) return { angle: 'side', rule: 'no plate, long vehicle box' };
  return { angle: null, rule: 'no plate' };
}
