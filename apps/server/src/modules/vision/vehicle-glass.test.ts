import { describe, expect, it } from 'vitest';
import { glassOf } from './vehicle-glass';

const W = 200;
const H = 120;

/** A car seen from behind: silver paint, a dark rear window under the roof, a dark bumper grille and badge lower. */
function car(window: [number, number, number]) {
  const rgb = Buffer.alloc(W * H * 3);
  const alpha = Buffer.alloc(W * H);
  const paint = (x0: number, y0: number, x1: number, y1: number, c: [number, number, number]) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, (y * W + x) * 3);
  };
  for (let y = 20; y < 110; y++) alpha.fill(255, y * W + 30, y * W + 170);
  paint(30, 20, 170, 110, [190, 192, 196]);
  paint(50, 26, 150, 52, window); // the rear window, just under the roof
  paint(60, 85, 140, 100, [40, 40, 42]); // the bumper's grille
  paint(96, 60, 104, 66, [30, 30, 30]); // a badge
  return { rgb, alpha };
}

describe('the vehicle’s glass', () => {
  it('finds a window under the roof, greyer and darker than the paint, and no lower dark part', () => {
    const { rgb, alpha } = car([50, 56, 60]);
    const glass = glassOf(rgb, alpha, W, H);
    expect(glass[40 * W + 100]).toBe(255);
    expect(glass[92 * W + 100]).toBe(0); // grille
    expect(glass[63 * W + 100]).toBe(0); // badge
    expect(glass[70 * W + 40]).toBe(0); // paint
  });

  it('finds none where the glass looks like the paint (a black car’s tinted windows) or is coloured (a sticker)', () => {
    expect(glassOf(...(Object.values(car([180, 182, 186])) as [Buffer, Buffer]), W, H).some((v) => v !== 0)).toBe(
      false,
    );
    expect(glassOf(...(Object.values(car([150, 20, 20])) as [Buffer, Buffer]), W, H).some((v) => v !== 0)).toBe(false);
  });
});
