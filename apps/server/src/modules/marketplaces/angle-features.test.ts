import { describe, expect, it } from 'vitest';
import { carFromMask, plateBox, redBeside, type Raster } from './angle-features';

/** A mask of `width × height` with the vehicle filling the given box (in pixels). */
function mask(width: number, height: number, box: { x0: number; x1: number; y0: number; y1: number }): Raster {
  const data = new Uint8Array(width * height);
  for (let y = box.y0; y < box.y1; y++) data.fill(255, y * width + box.x0, y * width + box.x1);
  return { width, height, data };
}

describe('angle features', () => {
  it('reads the vehicle’s box, its share of the picture and where the plate sits across it', () => {
    const m = mask(200, 100, { x0: 40, x1: 160, y0: 20, y1: 80 });
    const centred = carFromMask(m, { cx: 0.5, cy: 0.7, width: 0.1, height: 0.05 })!;
    expect(centred).toMatchObject({ left: 0.2, right: 0.8, top: 0.2, bottom: 0.8, area: 0.36, aspect: 2 });
    expect(Math.abs(centred.plateOffset!)).toBeLessThan(0.01);
    // The plate at 3/4 of the vehicle's width: a quarter of a width off its middle.
    expect(carFromMask(m, { cx: 0.65, cy: 0.7, width: 0.1, height: 0.05 })!.plateOffset).toBeCloseTo(0.25, 1);
    // A plate outside the vehicle says nothing of its position.
    expect(carFromMask(m, { cx: 0.1, cy: 0.7, width: 0.1, height: 0.05 })!.plateOffset).toBeNull();
    expect(carFromMask(mask(10, 10, { x0: 0, x1: 0, y0: 0, y1: 0 }), null)).toBeNull();
  });

  it('counts red lights beside the plate, not a red boot lid above it', () => {
    const width = 200;
    const height = 100;
    const rgb = (paint: (x: number, y: number) => [number, number, number]): Raster => {
      const data = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
      return { width, height, data };
    };
    const plate = { cx: 0.5, cy: 0.7, width: 0.1, height: 0.03 };
    const grey = rgb(() => [120, 120, 120]);
    // Two lamps, 2 plate widths left and right of the plate, level with its top.
    const lamps = rgb((x, y) =>
      Math.abs(Math.abs(x - 100) - 40) < 6 && y > 55 && y < 68 ? [200, 30, 30] : [120, 120, 120],
    );
    const lid = rgb((x, y) => (Math.abs(x - 100) < 5 && y < 68 ? [200, 30, 30] : [120, 120, 120]));
    expect(redBeside(grey, plate)).toBe(0);
    expect(redBeside(lamps, plate)).toBeGreaterThan(0.03);
    expect(redBeside(lid, plate)).toBe(0);
  });

  it('boxes a plate’s corners', () => {
    const box = plateBox([
      { x: 10, y: 20 },
      { x: 50, y: 22 },
      { x: 50, y: 30 },
      { x: 10, y: 28 },
    ]);
    expect(box).toEqual({ cx: 30, cy: 25, width: 40, height: 10 });
  });
});
