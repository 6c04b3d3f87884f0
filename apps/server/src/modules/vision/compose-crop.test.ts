import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cameraHeight, composeCropped, groundLine, lowestEdge, shadowSeenFrom, type CropInput } from './compose-crop';
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

// With the floor at 60%, the wheels stand at 82% of the height (246 px of 300); every whole car is drawn
// 138.5 px tall (a side view, 2.6 times as long, then fills 90% of the 400 px width), its roof at 107.5 px.
const WHEELS = 246;
const CAR_HEIGHT = (0.9 * 400) / 2.6;
describe('cropping composition', () => {
  it('stands the vehicle on the set’s floor, centred, with a made shadow only in the shadowed version', async () => {
    const out = await compose(await scene({ block: { x: 40, y: 60, w: 200, h: 110 } }));
    expect(out.placement.scale).toBeCloseTo(CAR_HEIGHT / 110, 5);
    expect(170 * out.placement.scale + out.placement.dy).toBeCloseTo(WHEELS, 0);
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

  it('frames a large photo’s vehicle and a small one at the same height on the same floor line', async () => {
    const large = await compose(await scene({ width: 1600, height: 1200, block: { x: 100, y: 700, w: 400, h: 300 } }));
    const small = await compose(await scene({ block: { x: 10, y: 10, w: 40, h: 30 } }));
    for (const [out, top, bottom] of [
      [large, 700, 1000],
      [small, 10, 40],
    ] as const) {
      expect(top * out.placement.scale + out.placement.dy).toBeCloseTo(WHEELS - CAR_HEIGHT, 0);
      expect(bottom * out.placement.scale + out.placement.dy).toBeCloseTo(WHEELS, 0);
      expect(distance(await rgbAt(out.originalCroppedNoShadow, 200, 240), RED)).toBeLessThan(16);
      expect(distance(await rgbAt(out.originalCroppedNoShadow, 200, 250), BLUE)).toBeLessThan(16);
      expect(distance(await rgbAt(out.originalCroppedNoShadow, 200, 104), BLUE)).toBeLessThan(16);
    }
    // The small photo was enlarged to the set's framing (about 4.6 times).
    expect(small.placement.scale).toBeGreaterThan(4);
  });

  it('reduces a view too long for the set to its width, its wheels still on the floor line', async () => {
    const out = await compose(await scene({ block: { x: 20, y: 150, w: 360, h: 80 } }));
    expect(out.placement.scale).toBeCloseTo(360 / 360, 5);
    expect(distance(await rgbAt(out.originalCroppedNoShadow, 25, 240), RED)).toBeLessThan(16);
    expect(distance(await rgbAt(out.originalCroppedNoShadow, 15, 240), BLUE)).toBeLessThan(16);
    expect(distance(await rgbAt(out.originalCroppedNoShadow, 200, 250), BLUE)).toBeLessThan(16);
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
    const { scale, dx, dy } = out.placement;
    const at = (x: number, y: number) =>
      rgbAt(out.originalCroppedNoShadow, Math.round(x * scale + dx), Math.round(y * scale + dy));
    expect(distance(await at(345, 245), BLUE)).toBeLessThan(16);
    expect(distance(await at(50, 50), BLUE)).toBeLessThan(16);
    expect(distance(await at(200, 170), RED)).toBeLessThan(16);
    // Right of the car's edge: a mix of red and blue, not the white of the old background.
    for (const x of [299.5, 300, 300.5, 301]) expect((await at(x, 170))[1]).toBeLessThan(110);
  });

  it('keeps nothing of the photo’s floor, and shows the set through the windows but for PARTIAL_CROPPING', async () => {
    // A dark floor under the car, and a window (a hole the model saw through) in the car, showing the grey behind.
    const s = await scene({
      block: { x: 100, y: 120, w: 200, h: 110 },
      floorY: 200,
      extra: '<rect x="150" y="135" width="100" height="30" fill="#808080"/>',
    });
    for (let y = 135; y < 165; y++) s.mask.alpha.fill(0, y * 400 + 150, y * 400 + 250);
    const [cropping, partial] = await Promise.all([compose(s), compose(s, { croppingType: 'PARTIAL_CROPPING' })]);
    const { scale, dx, dy } = cropping.placement;
    const at = (out: typeof cropping, x: number, y: number) =>
      rgbAt(out.originalCroppedNoShadow, Math.round(x * scale + dx), Math.round(y * scale + dy));
    for (const out of [cropping, partial]) {
      expect(out.placement).toEqual(cropping.placement);
      // Beside the car, on the photo's floor's rows: the set, not the floor.
      expect(distance(await at(out, 60, 225), BLUE)).toBeLessThan(12);
      expect(distance(await at(out, 200, 200), RED)).toBeLessThan(16);
    }
    // The window: the set through it, or the photo's view kept.
    expect(distance(await at(cropping, 200, 150), BLUE)).toBeLessThan(12);
    expect(distance(await at(partial, 200, 150), [128, 128, 128])).toBeLessThan(12);
  });

  it('shows the set through glass the model took for the car, tinted, but for PARTIAL_CROPPING', async () => {
    // A window under the roof the mask covers (the model is as sure there as on the paint), with a tree behind it.
    const s = await scene({
      block: { x: 100, y: 120, w: 200, h: 110 },
      extra: '<rect x="130" y="124" width="140" height="34" fill="#121a14"/>',
    });
    const [cropping, partial] = await Promise.all([compose(s), compose(s, { croppingType: 'PARTIAL_CROPPING' })]);
    const { scale, dx, dy } = cropping.placement;
    const at = (out: typeof cropping, x: number, y: number) =>
      rgbAt(out.originalCroppedNoShadow, Math.round(x * scale + dx), Math.round(y * scale + dy));
    const [seen, kept] = [await at(cropping, 200, 140), await at(partial, 200, 140)];
    // The set's blue comes through, darkened by the glass; PARTIAL keeps the photo's view.
    expect(seen[2]).toBeGreaterThan(kept[2] + 50);
    expect(seen[2]).toBeLessThan(BLUE[2]!);
    expect(distance(kept, [0x12, 0x1a, 0x14])).toBeLessThan(16);
    // The paint stays the car's.
    expect(distance(await at(cropping, 200, 200), RED)).toBeLessThan(16);
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
    const x = Math.round(100 * hard.placement.scale + hard.placement.dx) + 3;
    const [h, f] = [
      await rgbAt(hard.originalCroppedNoShadow, x, 190),
      await rgbAt(soft.originalCroppedNoShadow, x, 190),
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

describe('the made shadow’s lines', () => {
  it('finds each column’s lowest solid pixel of the vehicle', () => {
    // 4 columns, 5 rows: a column empty, the others ending at rows 4, 2 and 3.
    const a = Buffer.alloc(20);
    for (const [x, y] of [
      [1, 4],
      [2, 2],
      [3, 3],
    ])
      for (let r = 0; r <= y!; r++) a[r * 4 + x!] = 255;
    expect([...lowestEdge(a, { width: 4, height: 5 })]).toEqual([-1, 4, 2, 3]);
  });

  it('lays the ground line through the wheels, under the body between them, a near wheel lower than a far one', () => {
    // A near wheel at x 0-2 touching row 100, a far one at x 8-10 touching row 80, the body's sill at row 60.
    const lowest = Int32Array.from([100, 100, 100, 60, 60, 60, 60, 60, 80, 80, 80]);
    const ground = groundLine(lowest);
    expect(ground[0]).toBe(100);
    expect(ground[2]).toBe(100);
    // From the near wheel's last point (2, 100) to the far one's (10, 80): the floor both stand on.
    expect(ground[5]).toBeCloseTo(100 - (20 * 3) / 8, 5);
    expect(ground[8]).toBeCloseTo(85, 5);
    expect(ground[10]).toBe(80);
    for (let x = 0; x < lowest.length; x++) expect(ground[x]).toBeGreaterThanOrEqual(lowest[x]!);
  });

  it('shades the gap under the body down to the ground line, so the car does not float', async () => {
    // Two wheels (20 px wide, down to row 230) under a body ending at row 190.
    const s = await scene({ block: { x: 100, y: 120, w: 200, h: 70 } });
    for (const x0 of [110, 270])
      for (let y = 190; y < 230; y++) s.mask.alpha.fill(255, y * 400 + x0, y * 400 + x0 + 20);
    const out = await compose(s);
    const { scale, dx, dy } = out.placement;
    const at = (img: Buffer) => rgbAt(img, Math.round(200 * scale + dx), Math.round(220 * scale + dy));
    const [shaded, plain] = [await at(out.originalCropped), await at(out.originalCroppedNoShadow)];
    expect(distance(plain, BLUE)).toBeLessThan(12);
    expect(plain[2] - shaded[2]).toBeGreaterThan(60);
  });

  /** A side view's lowest edge: wheels (20 columns each) down to row 200, the body's sill `gap` rows above between them. */
  const sideView = (gap: number) => Int32Array.from({ length: 200 }, (_, x) => (x < 20 || x >= 180 ? 200 : 200 - gap));

  it('reads the camera’s height from the gap seen under the body: low sees under it, high sees its side to the floor', () => {
    const height = (gap: number) => {
      const lowest = sideView(gap);
      return cameraHeight(lowest, groundLine(lowest), 100);
    };
    expect(height(14)).toBe(0); // a camera at the wheels' height sees 14 % of the car's height under it
    expect(height(2)).toBe(1); // from above the roof, the sill hides the floor
    expect(height(7)).toBeGreaterThan(0.3);
    expect(height(7)).toBeLessThan(0.7);
  });

  it('makes the shadow thin and long from a low camera, wider and no longer than the car from a high one', () => {
    const shape = { above: 0.1, below: 0.04, blur: 0.02, opacity: 0.5, beyond: 0.06 };
    const [low, high] = [shadowSeenFrom(shape, 0), shadowSeenFrom(shape, 1)];
    expect(high.below).toBeGreaterThanOrEqual(3 * low.below);
    expect(low.beyond).toBe(0.06);
    expect(high.beyond).toBe(0);
    // Where it lies does not change: the light stays above the car, its opacity and softness the same.
    expect({ ...low, below: 0, beyond: 0 }).toEqual({ ...high, below: 0, beyond: 0 });
  });

  it('draws a low camera’s shadow beyond the car’s ends, a high camera’s deeper under it', async () => {
    const withWheels = async (gap: number) => {
      // Two wheels down to row 230 under a body ending `gap` px above them.
      const s = await scene({ block: { x: 100, y: 130, w: 200, h: 100 - gap } });
      for (const x0 of [110, 270])
        for (let y = 230 - gap; y < 230; y++) s.mask.alpha.fill(255, y * 400 + x0, y * 400 + x0 + 20);
      return compose(s);
    };
    const [low, high] = [await withWheels(14), await withWheels(1)];
    const blueAt = async (out: Awaited<ReturnType<typeof compose>>, x: number, y: number) =>
      (
        await rgbAt(
          out.originalCropped,
          Math.round(x * out.placement.scale + out.placement.dx),
          Math.round(y * out.placement.scale + out.placement.dy),
        )
      )[2];
    // Past the car's end on the floor line: shaded from low, not from high.
    expect((await blueAt(high, 310, 230)) - (await blueAt(low, 310, 230))).toBeGreaterThan(10);
    // Below the floor line under the car: deeper from high.
    expect((await blueAt(low, 200, 238)) - (await blueAt(high, 200, 238))).toBeGreaterThan(20);
  });

  it('draws every picture of a shooting from the shooting’s camera height, not from its own reading', async () => {
    // Two pictures of one shooting: one reads a low camera (a 14 px gap under the body), the other a high one.
    const shot = async (gap: number, shootingCamera?: CropInput['shootingCamera']) => {
      const s = await scene({ block: { x: 100, y: 130, w: 200, h: 100 - gap } });
      for (const x0 of [110, 270])
        for (let y = 230 - gap; y < 230; y++) s.mask.alpha.fill(255, y * 400 + x0, y * 400 + x0 + 20);
      return compose(s, { shootingCamera });
    };
    const readings: number[] = [];
    const fixedByFirst = async (reading: number) => (readings.push(reading), readings[0]!);
    const [first, second] = [await shot(14, fixedByFirst), await shot(1, fixedByFirst)];
    expect(readings).toEqual([0, 1]);
    expect(first.camera).toEqual({ reading: 0, used: 0 });
    expect(second.camera).toEqual({ reading: 1, used: 0 });
    // The second picture's shadow is the first's: the same where the cars are alike (past the end, below the line).
    const shadowAt = async (out: Awaited<ReturnType<typeof compose>>, x: number, y: number) =>
      (await rgbAt(out.originalCropped, x, y))[2];
    const { scale, dx, dy } = first.placement;
    for (const [x, y] of [
      [310, 230],
      [200, 238],
    ] as const) {
      const [cx, cy] = [Math.round(x * scale + dx), Math.round(y * scale + dy)];
      expect(Math.abs((await shadowAt(first, cx, cy)) - (await shadowAt(second, cx, cy)))).toBeLessThanOrEqual(6);
    }
    // Alone, the second picture would have drawn a high camera's shadow: none past the car's end.
    const alone = await shot(1);
    const [ex, ey] = [Math.round(310 * scale + dx), Math.round(230 * scale + dy)];
    expect((await shadowAt(alone, ex, ey)) - (await shadowAt(second, ex, ey))).toBeGreaterThan(10);
  });
});
