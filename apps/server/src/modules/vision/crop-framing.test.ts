import { describe, expect, it } from 'vitest';
import { frameVehicle, placeQuad, type VehicleBox } from './crop-framing';

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
  it('centres a whole vehicle at 78% of the width with its wheels on the floor, at most at the photo’s resolution', () => {
    const large = { width: 4000, height: 3000 };
    const car = box(500, 1200, 3499, 2399);
    const at = frameVehicle(car, large, SET, 60);
    const p = placed(car, at);
    expect(p.right - p.left).toBeCloseTo(1248, 5);
    expect((p.left + p.right) / 2).toBeCloseTo(800, 5);
    expect(p.bottom).toBeCloseTo(984, 5);
    // The photo's car is only 900 px wide: drawn at 900 px, not enlarged.
    expect(frameVehicle(box(50, 300, 949, 649), PHOTO, SET, 60).scale).toBe(1);
  });

  it('keeps the roof below the upper half of the wall, and follows the floor level', () => {
    const tall = box(300, 10, 599, 700);
    const at = frameVehicle(tall, PHOTO, SET, 60);
    expect(placed(tall, at).top).toBeCloseTo(360, 5);
    const low = frameVehicle(tall, PHOTO, SET, 80);
    expect(placed(tall, low).bottom).toBeCloseTo((0.8 + 0.2 * 0.55) * 1200, 5);
    expect(placed(tall, low).top).toBeCloseTo(480, 5);
  });

  it('lays a side the photo cuts off on the edge of the set', () => {
    const cutLeft = box(0, 200, 899, 600);
    expect(placed(cutLeft, frameVehicle(cutLeft, PHOTO, SET, 60)).left).toBeCloseTo(0, 5);
    const cutRight = box(100, 200, 999, 600);
    expect(placed(cutRight, frameVehicle(cutRight, PHOTO, SET, 60)).right).toBeCloseTo(1600, 5);
    const cutBottom = box(100, 200, 899, 749);
    expect(placed(cutBottom, frameVehicle(cutBottom, PHOTO, SET, 60)).bottom).toBeCloseTo(1200, 5);
    // Cut on both sides, from a large photo: it fills the width.
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
