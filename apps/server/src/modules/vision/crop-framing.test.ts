import { describe, expect, it } from 'vitest';
import { frameVehicle, placeQuad, studioLines, type VehicleBox } from './crop-framing';

const PHOTO = { width: 1000, height: 750 };
const SET = { width: 1600, height: 1200 };
const box = (left: number, top: number, right: number, bottom: number): VehicleBox => ({ left, top, right, bottom });
const placed = (b: VehicleBox, at: { scale: number; dx: number; dy: number }) => ({
  left: b.left * at.scale + at.dx,
  top: b.top * at.scale + at.dy,
  right: (b.right + 1) * at.scale + at.dx,
  bottom: (b.bottom + 1) * at.scale + at.dy,
});

describe('studio framing of a cropped vehicle', () => {
  // On a 1600 × 1200 set with its floor at 60%: wheels at 984 px, every whole car 553.8 px tall (a side view,
  // 2.6 times as long, fills 90% of the width), its roof at 430.2 px.
  const lines = studioLines(SET, 60);
  it('draws the set’s lines from the floor level', () => {
    expect(lines.wheels).toBeCloseTo(984, 5);
    expect(lines.carHeight).toBeCloseTo((0.9 * 1600) / 2.6, 5);
    expect(lines.roof).toBeCloseTo(984 - (0.9 * 1600) / 2.6, 5);
    // A 16/9 set: the wall's upper half (the sign) limits the height first.
    expect(studioLines({ width: 1920, height: 1080 }, 60).carHeight).toBeCloseTo(885.6 - 324, 5);
  });

  it('frames every view of a shooting on the same floor line, at the same height, centred', () => {
    const views = [
      { photo: { width: 4000, height: 3000 }, car: box(1200, 900, 2799, 2199) }, // rear, from a large photo
      { photo: PHOTO, car: box(120, 200, 879, 520) }, // three-quarter
      { photo: { width: 480, height: 360 }, car: box(150, 120, 329, 279) }, // small photo, front
    ];
    for (const { photo, car } of views) {
      const p = placed(car, frameVehicle(car, photo, SET, 60));
      expect(p.bottom).toBeCloseTo(984, 5);
      expect(p.top).toBeCloseTo(lines.roof, 5);
      expect((p.left + p.right) / 2).toBeCloseTo(800, 5);
    }
  });

  it('reduces a view too long for the set to 90% of its width, wheels on the line', () => {
    const long = box(20, 400, 979, 640);
    const p = placed(long, frameVehicle(long, PHOTO, SET, 60));
    expect(p.right - p.left).toBeCloseTo(1440, 5);
    expect(p.bottom).toBeCloseTo(984, 5);
    expect(p.top).toBeGreaterThan(lines.roof);
  });

  it('follows the floor level', () => {
    const car = box(300, 100, 599, 400);
    const low = placed(car, frameVehicle(car, PHOTO, SET, 80));
    expect(low.bottom).toBeCloseTo((0.8 + 0.2 * 0.55) * 1200, 5);
    expect(low.top).toBeGreaterThanOrEqual(480 - 1e-9);
  });

  it('lays a side the photo cuts off on the edge of the set', () => {
    const cutLeft = box(0, 200, 599, 600);
    const left = placed(cutLeft, frameVehicle(cutLeft, PHOTO, SET, 60));
    expect(left.left).toBeCloseTo(0, 5);
    expect(left.bottom).toBeCloseTo(984, 5);
    const cutRight = box(400, 200, 999, 600);
    expect(placed(cutRight, frameVehicle(cutRight, PHOTO, SET, 60)).right).toBeCloseTo(1600, 5);
    const cutBottom = box(100, 200, 899, 749);
    expect(placed(cutBottom, frameVehicle(cutBottom, PHOTO, SET, 60)).bottom).toBeCloseTo(1200, 5);
    // Cut on both sides: it fills the width.
    const wide = { width: 3000, height: 2000 };
    const both = box(0, 500, 2999, 1500);
    const p = placed(both, frameVehicle(both, wide, SET, 60));
    expect([p.left, p.right]).toEqual([0, 1600]);
  });

  it('moves plate corners with the vehicle', () => {
    const at = { scale: 0.5, dx: 100, dy: -20 };
    expect(
      placeQuad(
        [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 10, y: 4 },
          { x: 0, y: 4 },
        ],
        at,
      ),
    ).toEqual([
      { x: 100, y: -20 },
      { x: 105, y: -20 },
      { x: 105, y: -18 },
      { x: 100, y: -18 },
    ]);
  });
});
