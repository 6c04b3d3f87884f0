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

  it('finds a light car’s window in the shade, though its tyres, grille and shade make most of it dark', () => {
    const { rgb, alpha } = car([96, 100, 104]);
    // The lower half of the car dark (its shade, tyres and grille): the median is no longer the paint.
    for (let y = 66; y < 110; y++) for (let x = 30; x < 170; x++) rgb.set([70, 70, 72], (y * W + x) * 3);
    expect(glassOf(rgb, alpha, W, H)[40 * W + 100]).toBe(255);
  });

  it('finds no glass in a thin dark stripe under the roof (a bus’s livery, a windscreen’s seal)', () => {
    const { rgb, alpha } = car([190, 192, 196]);
    for (let y = 24; y < 28; y++) for (let x = 40; x < 160; x++) rgb.set([50, 56, 60], (y * W + x) * 3);
    expect(glassOf(rgb, alpha, W, H).some((v) => v !== 0)).toBe(false);
  });

  it('on a car the picture cuts at its top, finds a window running off the picture but not a grille lower down', () => {
    const cut = (top: number) => {
      const rgb = Buffer.alloc(W * H * 3);
      const alpha = Buffer.alloc(W * H);
      for (let y = 0; y < 110; y++) alpha.fill(255, y * W + 30, y * W + 170);
      for (let y = 0; y < 110; y++) for (let x = 30; x < 170; x++) rgb.set([190, 192, 196], (y * W + x) * 3);
      for (let y = top; y < top + 22; y++) for (let x = 50; x < 150; x++) rgb.set([50, 56, 60], (y * W + x) * 3);
      return glassOf(rgb, alpha, W, H);
    };
    expect(cut(0)[10 * W + 100]).toBe(255);
    expect(cut(16).some((v) => v !== 0)).toBe(false);
  });
});
