import { describe, expect, it } from 'vitest';
import { NOTHING_FOUND } from './angle.fixtures';
import { classifyAngle, PLATE_TOP, SIDE_ASPECT, WHEEL_RADIUS, type AngleFeatures } from './angle-rules';

const car = (over: Partial<NonNullable<AngleFeatures['car']>> = {}): NonNullable<AngleFeatures['car']> => ({
  left: 0.25,
  right: 0.75,
  top: 0.3,
  bottom: 0.8,
  area: 0.25,
  aspect: 1.3,
  plateOffset: 0,
  symmetry: 0.88,
  balance: 0.05,
  ...over,
});
const plate = { cx: 0.5, cy: 0.7, width: 0.1 };
const angleOf = (f: Partial<AngleFeatures>) => classifyAngle({ ...NOTHING_FOUND, ...f }).angle;

describe('angle rules and the shipped end-view model', () => {
  it('names a centred plate with tail lights on both sides a rear, and one low on a grey car without red a front', () => {
    const rear = { plate, car: car({ top: 0.2 }), redBeside: 0.03, redBalance: 0.8, redInCar: 0.03, mirror: 0.1 };
    expect(angleOf(rear)).toBe('rear');
    const front = {
      plate: { ...plate, cy: 0.75 },
      car: car({ top: 0.35 }),
      mirror: 0.12,
      around: { texture: 0.04, bright: 0.02 },
    };
    expect(angleOf(front)).toBe('front');
  });

  it('names a plate well off its vehicle’s middle, the vehicle mostly on one side, a ¾ view of that end', () => {
    const turned = car({ plateOffset: 0.3, balance: 0.6, symmetry: 0.6, aspect: 1.8, left: 0.1, right: 0.8 });
    expect(
      angleOf({
        plate: { ...plate, cx: 0.3 },
        car: turned,
        redBeside: 0.02,
        redBalance: 0.1,
        redInCar: 0.02,
        mirror: 0.25,
      }),
    ).toBe('rear_three_quarter');
    expect(angleOf({ plate: { ...plate, cx: 0.3, cy: 0.75 }, car: turned, mirror: 0.25 })).toBe('front_three_quarter');
  });

  it('calls a long plate-less vehicle with two wheels low in its box a side view, not without the wheels', () => {
    const long = car({
      left: 0.05,
      right: 0.95,
      top: 0.4,
      bottom: 0.8,
      aspect: SIDE_ASPECT + 0.3,
      plateOffset: null,
      balance: null,
    });
    const wheels = [
      { x: 0.25, y: 0.72, r: 0.07 },
      { x: 0.78, y: 0.72, r: 0.07 },
    ];
    expect(angleOf({ car: long, circles: wheels })).toBe('side');
    expect(angleOf({ car: long, circles: wheels.slice(0, 1) })).toBeNull();
    // Cut by the frame, the box is not the vehicle's.
    expect(angleOf({ car: { ...long, left: 0 }, circles: wheels })).not.toBe('side');
  });

  it('takes a "plate" in the upper third of a side silhouette for a window, and one at bumper height for a plate', () => {
    const long = car({ left: 0.1, right: 0.93, top: 0.36, bottom: 0.78, aspect: 3.1, plateOffset: null });
    const wheels = [
      { x: 0.26, y: 0.68, r: 0.06 },
      { x: 0.79, y: 0.68, r: 0.06 },
    ];
    const windowHigh = 0.36 + 0.9 * PLATE_TOP * (0.78 - 0.36);
    expect(
      classifyAngle({ ...NOTHING_FOUND, car: long, circles: wheels, plate: { ...plate, cy: windowHigh } }),
    ).toEqual({
      angle: 'side',
      rule: 'a plate too high for one, long vehicle box, two wheels',
    });
    // At bumper height it is a plate: the end-view model names the picture, whatever the silhouette.
    const low = { ...NOTHING_FOUND, car: long, circles: wheels, plate: { ...plate, cy: 0.7 } };
    expect(classifyAngle(low).rule).toMatch(/^end-view model/);
    // High, but over a silhouette without two wheels: still a plate.
    expect(angleOf({ car: long, circles: wheels.slice(0, 1), plate: { ...plate, cy: windowHigh } })).not.toBe('side');
  });

  it('calls one big central circle without a plate a wheel, and a dark frame without a vehicle the inside', () => {
    expect(angleOf({ circles: [{ x: 0.5, y: 0.5, r: WHEEL_RADIUS }] })).toBe('wheel');
    expect(angleOf({ circles: [{ x: 0.5, y: 0.5, r: WHEEL_RADIUS * 0.8 }] })).toBeNull();
    const dark = { mean: 0.15, dark: 0.7 };
    expect(angleOf({ light: dark, circles: [{ x: 0.35, y: 0.65, r: 0.16 }] })).toBe('dashboard');
    expect(angleOf({ light: dark })).toBe('interior');
    // A plate always means the outside of a car, however dark the picture.
    expect(angleOf({ light: dark, plate, car: car(), redBeside: 0.03, redBalance: 0.8 })).toMatch(/^rear|front/);
    expect(angleOf({})).toBeNull();
  });
});
