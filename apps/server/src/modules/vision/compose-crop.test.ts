import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeCropped, type CropInput } from './compose-crop';
import type { VehicleMask } from './segmentation';

const CANVAS = { width: 400, height: 300 };
const RED = [192, 16, 16];
const BLUE = [16, 96, 192];

async function rgbAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

interface Block {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A "photo" with a red "vehicle" block (optionally a darker floor from `floorY`), and the block's solid mask. */
async function scene(o: {
  width?: number;
  height?: number;
  block: Block;
  ground?: string;
  floorY?: number;
  extra?: string;
}): Promise<{ image: Buffer; mask: VehicleMask }> {
  const [width, height] = [o.width ?? 400, o.height ?? 300];
  const { x, y, w, h } = o.block;
  const floor =
    o.floorY === undefined
      ? ''
      : `<rect y="${o.floorY}" width="${width}" height="${height - o.floorY}" fill="#404040"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${o.ground ?? '#808080'}"/>
    ${floor}<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#c01010"/>${o.extra ?? ''}</svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const alpha = Buffer.alloc(width * height);
  for (let row = y; row < y + h; row++) alpha.fill(255, row * width + x, row * width + x + w);
  return { image, mask: { width, height, alpha } };
}

const blue = () =>
  sharp({ create: { width: 100, height: 75, channels: 3, background: '#1060c0' } })
    .png()
    .toBuffer();
const compose = async (s: { image: Buffer; mask: VehicleMask }, o: Partial<CropInput> = {}) =>
  composeCropped({
    ...s,
    background: await blue(),
    blurringValue: 0,
    croppingType: 'CROPPING',
    canvas: CANVAS,
    floorLevel: 60,
    ...o,
  });

// With the floor at 60%, the wheels stand at 82% of the height (246 px of 300) and the roof stays below 30%.
describe('cropping composition', () => {
  it('stands the vehicle on the set’s floor, centred, with a contact shadow only in the shadowed version', async () => {
    const out = await compose(await scene({ block: { x: 40, y: 60, w: 200, h: 110 } }));
    expect(out.placement).toEqual({ scale: 1, dx: 60, dy: 76 });
    expect(await sharp(out.originalCropped).metadata()).toMatchObject(CANVAS);
    expect(distance(await rgbAt(out.originalCropped, 200, 190), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(out.originalCropped, 200, 242), RED)).toBeLessThan(16);
    // Where the photo's grey was, left of the car, and above it: the set.
    expect(distance(await rgbAt(out.originalCropped, 60, 190), BLUE)).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 100), BLUE)).toBeLessThan(12);
    const [shadow, plain] = [
      await rgbAt(out.originalCropped, 200, 249),
      await rgbAt(out.originalCroppedNoShadow, 200, 249),
    ];
    expect(distance(plain, BLUE)).toBeLessThan(12);
    expect(plain[2] - shadow[2]).toBeGreaterThan(25);
    // The vehicle alone on white, framed the same way.
    expect(distance(await rgbAt(out.backgroundCropped, 10, 10), [255, 255, 255])).toBeLessThan(6);
    expect(distance(await rgbAt(out.backgroundCropped, 200, 190), RED)).toBeLessThan(16);
  });

  it('brings a large photo’s vehicle to the set’s framing, and never enlarges a small one', async () => {
    // 800 px wide on a 400 px set: scaled to 78% of its width, 312 px, centred.
    const large = await compose(await scene({ width: 1600, height: 1200, block: { x: 100, y: 700, w: 800, h: 300 } }));
    expect(large.placement.scale).toBeCloseTo(0.39, 2);
    expect(distance(await rgbAt(large.originalCropped, 50, 180), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(large.originalCropped, 38, 180), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(large.originalCropped, 350, 180), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(large.originalCropped, 362, 180), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(large.originalCropped, 200, 242), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(large.originalCroppedNoShadow, 200, 250), BLUE)).toBeLessThan(16);
    // 100 px wide on a 1600 px set: drawn at its own 100 px, centred, wheels on the floor.
    const small = await compose(await scene({ block: { x: 10, y: 10, w: 100, h: 50 } }), {
      canvas: { width: 1600, height: 1200 },
    });
    expect(small.placement.scale).toBe(1);
    expect(distance(await rgbAt(small.originalCropped, 800, 960), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(small.originalCropped, 745, 960), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(small.originalCropped, 855, 960), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(small.originalCropped, 800, 925), BLUE)).toBeLessThan(16);
  });

  it('keeps a tall vehicle’s roof below the wall’s upper half, where the dealer’s sign hangs', async () => {
    const out = await compose(await scene({ block: { x: 150, y: 20, w: 100, h: 260 } }));
    // 260 px tall between the roof line (90) and the wheels (246): 156 px.
    expect(out.placement.scale).toBeCloseTo(0.6, 2);
    expect(distance(await rgbAt(out.originalCropped, 200, 86), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(out.originalCropped, 200, 95), RED)).toBeLessThan(16);
  });

  it('stands the wheels where the stamp’s configuration puts its floor', async () => {
    const s = await scene({ block: { x: 100, y: 120, w: 200, h: 110 } });
    // Floor at 75%: wheels at 88.75%, 266 px.
    const low = await compose(s, { floorLevel: 75 });
    expect(distance(await rgbAt(low.originalCroppedNoShadow, 200, 262), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(low.originalCroppedNoShadow, 200, 270), BLUE)).toBeLessThan(16);
    const usual = await compose(s);
    expect(distance(await rgbAt(usual.originalCroppedNoShadow, 200, 262), BLUE)).toBeLessThan(16);
  });

  it('leaves out a watermark, faint ghosts and the old background’s halo at the vehicle’s edge', async () => {
    // On a white photo: a dark watermark in a corner that the mask took for a part, a faint ghost, and a
    // soft mask edge reaching 8 px into the white around the car.
    const s = await scene({
      ground: '#ffffff',
      block: { x: 100, y: 120, w: 200, h: 110 },
      extra: '<rect x="330" y="240" width="30" height="10" fill="#000"/>',
    });
    const { alpha, width } = s.mask;
    for (let y = 112; y < 238; y++)
      for (let x = 92; x < 308; x++) {
        const d = Math.max(100 - x, x - 299, 120 - y, y - 229, 0);
        if (d > 0) alpha[y * width + x] = Math.round(200 * (1 - d / 9));
      }
    for (let y = 240; y < 250; y++) alpha.fill(255, y * width + 330, y * width + 360);
    for (let y = 20; y < 80; y++) alpha.fill(50, y * width + 20, y * width + 80);
    const out = await compose(s);
    const at = (x: number, y: number) =>
      rgbAt(out.originalCroppedNoShadow, Math.round(x + out.placement.dx), Math.round(y + out.placement.dy));
    expect(out.placement.scale).toBe(1);
    expect(distance(await at(345, 245), BLUE)).toBeLessThan(16);
    expect(distance(await at(50, 50), BLUE)).toBeLessThan(16);
    expect(distance(await at(200, 170), RED)).toBeLessThan(16);
    // Right of the car's edge: a mix of red and blue, not the white of the old background.
    for (const x of [300, 301, 302, 303]) expect((await at(x, 170))[1]).toBeLessThan(110);
  });

  it('keeps the real floor under the vehicle for PARTIAL_CROPPING and replaces only what is above it', async () => {
    const out = await compose(await scene({ block: { x: 100, y: 120, w: 200, h: 110 }, floorY: 200 }), {
      croppingType: 'PARTIAL_CROPPING',
    });
    expect(distance(await rgbAt(out.originalCropped, 200, 270), [64, 64, 64])).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 10, 10), BLUE)).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 190), RED)).toBeLessThan(16);
    // The vehicle alone on white: the kept floor is not part of it.
    expect(distance(await rgbAt(out.backgroundCropped, 200, 270), [255, 255, 255])).toBeLessThan(6);
    expect(distance(await rgbAt(out.backgroundCropped, 200, 190), RED)).toBeLessThan(16);
  });

  it('composes a photo stored sideways with its EXIF orientation as it is seen, upright', async () => {
    const s = await scene({ block: { x: 100, y: 120, w: 200, h: 110 } });
    // The same scene stored turned a quarter left, with the orientation that turns it back (6: 90° clockwise).
    const sideways = await sharp(s.image).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const out = await compose({ image: sideways, mask: s.mask });
    expect(distance(await rgbAt(out.originalCropped, 10, 10), BLUE)).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 190), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(out.backgroundCropped, 350, 190), [255, 255, 255])).toBeLessThan(6);
  });

  it('feathers the vehicle edge into the background for FADED_CROPPING', async () => {
    const s = await scene({ block: { x: 100, y: 120, w: 200, h: 110 } });
    const [hard, soft] = await Promise.all([compose(s), compose(s, { croppingType: 'FADED_CROPPING' })]);
    // Just inside the vehicle's left edge the faded version already mixes in the blue background.
    const [h, f] = [
      await rgbAt(hard.originalCroppedNoShadow, 103, 190),
      await rgbAt(soft.originalCroppedNoShadow, 103, 190),
    ];
    expect(f[2] - h[2]).toBeGreaterThan(20);
  });

  it('composes each picture on its own stamp background, blurred as asked, one after another', async () => {
    const s = await scene({ block: { x: 100, y: 120, w: 200, h: 110 } });
    const green = await sharp({ create: { width: 100, height: 75, channels: 3, background: '#10a040' } })
      .png()
      .toBuffer();
    // Half green, half blue: blurred, the line between them turns into a blend.
    const halves = await sharp({ create: { width: 100, height: 75, channels: 3, background: '#1060c0' } })
      .composite([
        { input: { create: { width: 50, height: 75, channels: 3, background: '#10a040' } }, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    const on = (background: Buffer | null, blurringValue = 0) => compose(s, { background, blurringValue });
    const seen = [await on(await blue()), await on(green), await on(await blue()), await on(null)];
    const corners = await Promise.all(seen.map((out) => rgbAt(out.originalCropped, 10, 10)));
    expect(distance(corners[0]!, BLUE)).toBeLessThan(12);
    expect(distance(corners[1]!, [16, 160, 64])).toBeLessThan(12);
    expect(distance(corners[2]!, BLUE)).toBeLessThan(12);
    // No stamp background: the light studio backdrop.
    expect(Math.min(...corners[3]!)).toBeGreaterThan(200);
    const [sharpLine, blurredLine] = [await on(halves), await on(halves, 40)];
    const [hard, soft] = [
      await rgbAt(sharpLine.originalCroppedNoShadow, 196, 20),
      await rgbAt(blurredLine.originalCroppedNoShadow, 196, 20),
    ];
    expect(soft[2] - hard[2]).toBeGreaterThan(20);
  });

  it('refuses a mask without a vehicle', async () => {
    const { image } = await scene({ block: { x: 100, y: 120, w: 200, h: 110 } });
    await expect(
      compose({ image, mask: { ...CANVAS, alpha: Buffer.alloc(CANVAS.width * CANVAS.height) } }),
    ).rejects.toThrow(/No vehicle/);
  });
});
