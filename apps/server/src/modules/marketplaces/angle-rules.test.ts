import { describe, expect, it } from 'vitest';
import { classifyAngle, OFF_CENTRE_THREE_QUARTER, RED_REAR, SIDE_ASPECT, type AngleFeatures } from './angle-rules';

const car = (over: Partial<NonNullable<AngleFeatures['car']>> = {}): NonNullable<AngleFeatures['car']> => ({
  left: 0.2,
  right: 0.8,
  top: 0.3,
  bottom: 0.8,
  area: 0.25,
  aspect: 1.6,
  plateOffset: 0,
  ...over,
});
const plate = { cx: 0.5, cy: 0.7, width: 0.1 };
const angleOf = (f: Partial<AngleFeatures>) => classifyAngle({ plate: null, car: null, redBeside: 0, ...f }).angle;

describe('angle rules', () => {
  it('names the end by the tail lights beside the plate: red is the rear, none the front', () => {
    expect(angleOf({ plate, car: car(), redBeside: RED_REAR })).toBe('rear');
    expect(angleOf({ plate, car: car(), redBeside: RED_REAR / 2 })).toBe('front');
  });

  it('calls a plate off the vehicle’s middle a ¾ view, on either side', () => {
    const off = OFF_CENTRE_THREE_QUARTER;
    expect(angleOf({ plate, car: car({ plateOffset: off }), redBeside: 0.02 })).toBe('rear_three_quarter');
    expect(angleOf({ plate, car: car({ plateOffset: -off }), redBeside: 0 })).toBe('front_three_quarter');
    expect(angleOf({ plate, car: car({ plateOffset: off * 0.9 }), redBeside: 0 })).toBe('front');
  });

  it('keeps to the end alone when the mask says nothing around the plate', () => {
    expect(angleOf({ plate, car: car({ plateOffset: null }), redBeside: 0.05 })).toBe('rear');
    // A speck of a mask is no vehicle: its offset is not read.
    expect(angleOf({ plate, car: car({ area: 0.01, plateOffset: 0.4 }), redBeside: 0 })).toBe('front');
  });

  it('calls a long plate-less vehicle whole in the frame a side view, and leaves the rest to a person', () => {
    expect(angleOf({ car: car({ aspect: SIDE_ASPECT, left: 0.05, right: 0.95 }) })).toBe('side');
    // Cut by the frame, the box is not the vehicle's.
    expect(angleOf({ car: car({ aspect: 3, left: 0, right: 0.95 }) })).toBeNull();
    expect(angleOf({ car: car({ aspect: 1.4 }) })).toBeNull();
    expect(angleOf({})).toBeNull();
  });
});
