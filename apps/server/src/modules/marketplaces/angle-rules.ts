import type { PictureAngle } from '@forecourt/contracts';
import type { Circle } from './angle-circles';
import { endViewOf, type EndViewModel } from './angle-model';

/**
 * A picture's angle from what the pipeline measures of it (decisions 0056, 0061): pure, so that each rule is
 * unit-tested without pictures. `angle-features.ts` measures. A picture with a plate is one of
 * the four end views (front, front ¾, rear ¾, rear), named by the small model of `angle-model.ts` trained on
 * labelled real photos; the classes no labelled photo shows (side, interior, dashboard, wheel) are named by
 * the classical rules below, checked on drawn pictures only. `npm run bench -- angles` scores the whole.
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

/** Less than this share of the picture is no vehicle worth naming. */
export const MIN_CAR_AREA = 0.03;
/** A plate-less vehicle box at least this much wider than tall, whole in the frame, may be a side view… */
export const SIDE_ASPECT = 2;
/** …when two wheels sit in its lower half, this far apart at least (in vehicle widths). */
export const WHEELBASE = 0.4;
/** A circle this big (radius over the picture's width) near the middle fills the frame: a wheel close up. */
export const WHEEL_RADIUS = 0.22;
/** Without a vehicle, a picture this dark (share of dark pixels) is taken inside the car. */
export const DARK_INSIDE = 0.35;
/** Inside, a circle of this radius (picture widths) or more in the lower two thirds is the steering wheel. */
export const STEERING_RADIUS = 0.1;
// A mask touching both side edges is cut by the frame: its box says nothing of the view.
const EDGE = 0.01;

/** `model`: the end-view model, the shipped one unless the bench cross-validates another. */
export function classifyAngle(f: AngleFeatures, model?: EndViewModel): AngleVerdict {
  const car = f.car && f.car.area >= MIN_CAR_AREA ? f.car : null;
  if (f.plate) return endViewOf(f, model);
  const big = f.circles.find((c) => c.r >= WHEEL_RADIUS && Math.abs(c.x - 0.5) < 0.2 && Math.abs(c.y - 0.5) < 0.25);
  if (big) return { angle: 'wheel', rule: 'no plate, one circle filling the frame' };
  // Inside the car the mask finds no silhouette, or one that fills the frame (seats, a door), and it is dark.
  const silhouette = car && !(car.left <= EDGE && car.right >= 1 - EDGE && car.top <= EDGE);
  if (!silhouette && f.light.dark >= DARK_INSIDE) {
    const steering = f.circles.find((c) => c.r >= STEERING_RADIUS && c.y > 1 / 3);
    return steering
      ? { angle: 'dashboard', rule: 'no vehicle, dark, a steering wheel' }
      : { angle: 'interior', rule: 'no vehicle, dark' };
  }
  if (!car) return { angle: null, rule: 'no plate, no vehicle' };
  const whole = car.left > EDGE && car.right < 1 - EDGE;
  if (whole && car.aspect >= SIDE_ASPECT && twoWheels(f.circles, car))
    return { angle: 'side', rule: 'no plate, long vehicle box, two wheels' };
  // Without a plate the model's end view was right for half of the labelled photos (9 of 18 in cross-validation,
  // decision 0061): a person names it better than a coin.
  return { angle: null, rule: 'no plate' };
}

/** Two circles low in the vehicle's box, far enough apart and of a wheel's size for that vehicle. */
function twoWheels(circles: Circle[], car: NonNullable<AngleFeatures['car']>): boolean {
  const width = car.right - car.left;
  const wheels = circles.filter(
    (c) =>
      c.x > car.left &&
      c.x < car.right &&
      c.y > (car.top + car.bottom) / 2 &&
      c.r >= 0.05 * width &&
      c.r <= 0.2 * width,
  );
  return wheels.some((a) => wheels.some((b) => Math.abs(a.x - b.x) >= WHEELBASE * width));
}
