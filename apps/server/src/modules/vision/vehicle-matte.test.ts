import { describe, expect, it } from 'vitest';
import { holesOf } from './binary-masks';
import { vehicleParts } from './vehicle-matte';

const W = 200;
const H = 120;
const fill = (a: Buffer, x0: number, y0: number, x1: number, y1: number, v = 255) => {
  for (let y = y0; y < y1; y++) a.fill(v, y * W + x0, y * W + x1);
};

describe('the vehicle in a mask', () => {
  it('cuts a thin strand off the vehicle (a cable or a roof edge left by a garage), its box with it', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 40, 50, 160, 100);
    // A strand 1 px wide rising from the roof to the top of the picture.
    fill(a, 100, 0, 101, 50);
    const parts = vehicleParts(a, W, H)!;
    // At most a stub as long as the opening's radius is left of it.
    expect(parts.box).toMatchObject({ left: 40, right: 159, bottom: 99 });
    expect(parts.box.top).toBeGreaterThanOrEqual(47);
    expect(parts.keep[10 * W + 100]).toBe(0);
    expect(parts.keep[75 * W + 100]).toBe(255);
  });

  it('leaves out a small separate part, keeps one of comparable size', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 20, 50, 100, 100);
    fill(a, 110, 60, 180, 100);
    fill(a, 5, 5, 12, 12);
    const parts = vehicleParts(a, W, H)!;
    expect(parts.box).toEqual({ left: 20, top: 50, right: 179, bottom: 99 });
  });

  it('leaves out what the model is less sure of that rises above the roof (a caravan behind the car, eu3)', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 40, 60, 170, 100);
    // The caravan's rear, against the car's rear and up to the top of the picture, less sure (130-230).
    fill(a, 30, 0, 60, 60, 180);
    fill(a, 30, 60, 40, 90, 180);
    const parts = vehicleParts(a, W, H)!;
    // At most the soft edge's reach (1.2 % of the width, and the opening's pixel) is left of it.
    expect(parts.box.top).toBeGreaterThanOrEqual(60 - 5);
    expect(parts.box.left).toBeGreaterThanOrEqual(40 - 5);
    expect(parts.keep[20 * W + 45]).toBe(0);
    expect(parts.keep[80 * W + 100]).toBe(255);
  });

  it('keeps the less sure parts of the car itself: a mirror beside it, a dark bumper, a roof edge in the light', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 40, 40, 160, 100);
    fill(a, 160, 55, 172, 62, 180); // a mirror beyond the body's side
    fill(a, 40, 100, 160, 112, 180); // a bumper in shade
    fill(a, 60, 36, 140, 40, 180); // the roof's edge
    const parts = vehicleParts(a, W, H)!;
    expect(parts.box).toEqual({ left: 40, top: 36, right: 171, bottom: 111 });
  });

  it('tells a mask the model is nowhere sure of apart on its solid pixels', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 40, 50, 160, 100, 200);
    expect(vehicleParts(a, W, H)!.box).toEqual({ left: 40, top: 50, right: 159, bottom: 99 });
  });

  it('finds no vehicle in a speck the model half-believes in, where it is sure of nothing else (test_060)', () => {
    const a = Buffer.alloc(W * H, 60);
    fill(a, 2, 2, 14, 12, 200); // 0.5 % of the picture
    expect(vehicleParts(a, W, H)).toBeNull();
    // A small but real vehicle, far off in a wide shot (2.5 % of the picture), is still one.
    fill(a, 90, 60, 114, 85, 250);
    expect(vehicleParts(a, W, H)!.box).toEqual({ left: 90, top: 60, right: 113, bottom: 84 });
  });

  it('finds the holes the picture’s border cannot reach: the windows the model saw through', () => {
    const a = Buffer.alloc(W * H);
    fill(a, 40, 30, 160, 100);
    fill(a, 60, 40, 100, 60, 0); // a window
    fill(a, 150, 40, 160, 60, 0); // a notch open to the outside
    const holes = holesOf(a, W, H);
    expect(holes[50 * W + 80]).toBe(255);
    expect(holes[50 * W + 155]).toBe(0);
    expect(holes[10 * W + 10]).toBe(0);
    expect(holes[70 * W + 80]).toBe(0);
  });
});
