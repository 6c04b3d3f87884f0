import type { Circle } from './angle-circles';
import { endViewOf, type EndViewModel } from './angle-model';
import type { AngleFeatures, AngleVerdict } from './angle-types';

export type { AngleFeatures, AngleVerdict } from './angle-types';

/**
 * A picture's angle from what the pipeline measures of it (decisions 0056, 0061, 0074): pure, so that each rule is
 * unit-tested without pictures. `angle-features.ts` measures. A picture with a plate is one of
 * the four end views (front, front ¾, rear ¾, rear), named by the small model of `angle-model.ts` trained on
 * labelled real photos; side, interior, dashboard and wheel are named by the classical rules below, checked on
 * drawn pictures and, for side and wheel, on the few real photos Debian packages ship (no interior or dashboard
 * photo is packaged anywhere). `npm run bench -- angles` scores the whole.
 */

/** Less than this share of the picture is no vehicle worth naming. */
export const MIN_CAR_AREA = 0.03;
/** A plate-less vehicle box at least this much wider than tall, whole in the frame, may be a side view… */
export const SIDE_ASPECT = 2;
/** …when two wheels sit in its lower half, this far apart at least (in vehicle widths). */
export const WHEELBASE = 0.4;
/**
 * A plate sits at bumper height. One found in this upper share of a side silhouette's box (glass, roof, a sign
 * behind) is not that car's plate, and the silhouette is read as a side view (decision 0074). No labelled plate
 * of the 274 real end views was that high over a side silhouette; a real side photo's window was.
 */
export const PLATE_TOP = 1 / 3;
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
  const side = car && whole(car) && car.aspect >= SIDE_ASPECT && twoWheels(f.circles, car) ? car : null;
  if (f.plate && side && f.plate.cy < side.top + PLATE_TOP * (side.bottom - side.top))
    return { angle: 'side', rule: 'a plate too high for one, long vehicle box, two wheels' };
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
  if (side) return { angle: 'side', rule: 'no plate, long vehicle box, two wheels' };
  // Without a plate the model's end view was right for half of the labelled photos (9 of 18 in cross-validation,
  // decision 0061): a person names it better than a coin.
  return { angle: null, rule: 'no plate' };
}

/** The vehicle whole in the frame across: a box touching a side edge is cut by the frame. */
const whole = (car: NonNullable<AngleFeatures['car']>) => car.left > EDGE && car.right < 1 - EDGE;

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
