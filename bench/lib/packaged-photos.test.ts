import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { onBackdrop } from './packaged-photos';

describe('a cut-out car on a studio backdrop', () => {
  it('frames a long cut-out at 3:2 with a margin on every side, on grey where it was transparent', async () => {
    // A red "car" 200 × 60 px, transparent around it: a Tux Paint stamp's shape.
    const cutOut = await sharp({ create: { width: 200, height: 60, channels: 4, background: '#c00000ff' } })
      .png()
      .toBuffer();
    const framed = await onBackdrop(cutOut);
    const { data, info } = await sharp(framed).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(info.width).toBe(250);
    expect(info.height).toBe(167);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(5, 5)).toEqual([0xd9, 0xd9, 0xd9]);
    expect(at(125, 83)).toEqual([0xc0, 0, 0]);
    // The car is whole in the frame: a margin left and right, as the side rule asks of a box.
    expect(at(20, 83)).toEqual([0xd9, 0xd9, 0xd9]);
    expect(at(230, 83)).toEqual([0xd9, 0xd9, 0xd9]);
  });

  it('frames a square cut-out at 90 % of the height in a studio shot, and leaves a close-up as cut', async () => {
    const wheel = await sharp({ create: { width: 180, height: 180, channels: 4, background: '#202020ff' } })
      .png()
      .toBuffer();
    const studio = await sharp(await onBackdrop(wheel)).metadata();
    expect([studio.width, studio.height]).toEqual([300, 200]);
    const closeUp = await sharp(await onBackdrop(wheel, 'close-up')).metadata();
    expect([closeUp.width, closeUp.height, closeUp.channels]).toEqual([180, 180, 3]);
  });
});
