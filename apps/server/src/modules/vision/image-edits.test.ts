import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { carSceneSvg } from '../../seed/car-scene';
import { composeCropped } from './compose-crop';
import type { Quad } from './geometry';
import { checkQuality } from './image-quality';
import { applyPlateCover, defaultPlateCover } from './plate-cover';
import { segmentVehicle, type VehicleMask } from './segmentation';

const W = 400;
const H = 300;

async function rgbAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/** A grey "photo" with a red "vehicle" block standing on a darker floor, and the block's mask. */
async function blockScene(): Promise<{ image: Buffer; mask: VehicleMask }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#808080"/>
    <rect y="200" width="${W}" height="100" fill="#404040"/><rect x="100" y="120" width="200" height="110" fill="#c01010"/></svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const alpha = Buffer.alloc(W * H);
  for (let y = 120; y < 230; y++) alpha.fill(255, y * W + 100, y * W + 300);
  return { image, mask: { width: W, height: H, alpha } };
}

describe('licence-plate cover', () => {
  it('warps the cover onto the plate and leaves the rest of the photo alone', async () => {
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: '#303030' } }).jpeg().toBuffer();
    const plate: Quad = [
      { x: 150, y: 140 },
      { x: 260, y: 150 },
      { x: 258, y: 176 },
      { x: 148, y: 166 },
    ];
    const covered = await applyPlateCover(photo, [plate], await defaultPlateCover('Demo Motors'));
    expect(await sharp(covered).metadata()).toMatchObject({ width: W, height: H, format: 'jpeg' });
    // Inside the plate: mostly the cover's light plate; outside: the photo unchanged.
    const region = await sharp(covered).extract({ left: 160, top: 150, width: 90, height: 16 }).grayscale().png().toBuffer();
    const inside = await sharp(region).stats();
    expect(inside.channels[0]!.mean).toBeGreaterThan(110);
    expect(inside.channels[0]!.max).toBeGreaterThan(230);
    expect(distance(await rgbAt(covered, 20, 20), [48, 48, 48])).toBeLessThan(8);
    expect(distance(await rgbAt(covered, 215, 200), [48, 48, 48])).toBeLessThan(8);
  });
});

describe('cropping composition', () => {
  const background = () => sharp({ create: { width: 100, height: 75, channels: 3, background: '#1060c0' } }).png().toBuffer();

  it('puts the vehicle on the stamp background, with a shadow under it only in the shadowed version', async () => {
    const { image, mask } = await blockScene();
    const out = await composeCropped({ image, mask, background: await background(), blurringValue: 0, croppingType: 'CROPPING' });
    expect(distance(await rgbAt(out.originalCropped, 10, 10), [16, 96, 192])).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 170), [192, 16, 16])).toBeLessThan(16);
    const [shadow, plain] = [await rgbAt(out.originalCropped, 200, 234), await rgbAt(out.originalCroppedNoShadow, 200, 234)];
    expect(plain[2] - shadow[2]).toBeGreaterThan(25);
    expect(distance(await rgbAt(out.backgroundCropped, 10, 10), [255, 255, 255])).toBeLessThan(6);
    expect(distance(await rgbAt(out.backgroundCropped, 200, 170), [192, 16, 16])).toBeLessThan(16);
  });

  it('keeps the real floor for PARTIAL_CROPPING and replaces only what is above it', async () => {
    const { image, mask } = await blockScene();
    const out = await composeCropped({ image, mask, background: await background(), blurringValue: 0, croppingType: 'PARTIAL_CROPPING' });
    expect(distance(await rgbAt(out.originalCropped, 10, 290), [64, 64, 64])).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 10, 10), [16, 96, 192])).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 170), [192, 16, 16])).toBeLessThan(16);
    // The vehicle alone on white: the kept floor is not part of it.
    expect(distance(await rgbAt(out.backgroundCropped, 10, 290), [255, 255, 255])).toBeLessThan(6);
    expect(distance(await rgbAt(out.backgroundCropped, 200, 170), [192, 16, 16])).toBeLessThan(16);
  });

  it('composes a photo stored sideways with its EXIF orientation as it is seen, upright', async () => {
    const { image, mask } = await blockScene();
    // The same scene stored turned a quarter left, with the orientation that turns it back (6: 90° clockwise).
    const sideways = await sharp(image).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const out = await composeCropped({ image: sideways, mask, background: await background(), blurringValue: 0, croppingType: 'CROPPING' });
    expect(await sharp(out.originalCropped).metadata()).toMatchObject({ width: W, height: H });
    expect(distance(await rgbAt(out.originalCropped, 10, 10), [16, 96, 192])).toBeLessThan(12);
    expect(distance(await rgbAt(out.originalCropped, 200, 170), [192, 16, 16])).toBeLessThan(16);
    expect(distance(await rgbAt(out.backgroundCropped, 350, 170), [255, 255, 255])).toBeLessThan(6);
  });

  it('feathers the vehicle edge into the background for FADED_CROPPING', async () => {
    const { image, mask } = await blockScene();
    const sharpEdge = await composeCropped({ image, mask, background: await background(), blurringValue: 0, croppingType: 'CROPPING' });
    const faded = await composeCropped({ image, mask, background: await background(), blurringValue: 0, croppingType: 'FADED_CROPPING' });
    // Just inside the vehicle's left edge the faded version already mixes in the blue background.
    const [hard, soft] = [await rgbAt(sharpEdge.originalCroppedNoShadow, 101, 170), await rgbAt(faded.originalCroppedNoShadow, 101, 170)];
    expect(soft[2] - hard[2]).toBeGreaterThan(20);
  });

  it('composes each picture on its own stamp background, blurred as asked, one after another', async () => {
    const { image, mask } = await blockScene();
    const green = await sharp({ create: { width: 100, height: 75, channels: 3, background: '#10a040' } }).png().toBuffer();
    // Half green, half blue: blurred, the line between them turns into a blend.
    const halves = await sharp({ create: { width: 100, height: 75, channels: 3, background: '#1060c0' } })
      .composite([{ input: { create: { width: 50, height: 75, channels: 3, background: '#10a040' } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const compose = (bg: Buffer | null, blurringValue: number) => composeCropped({ image, mask, background: bg, blurringValue, croppingType: 'CROPPING' });
    const seen = [await compose(await background(), 0), await compose(green, 0), await compose(await background(), 0), await compose(null, 0)];
    const corners = await Promise.all(seen.map((out) => rgbAt(out.originalCropped, 10, 10)));
    expect(distance(corners[0]!, [16, 96, 192])).toBeLessThan(12);
    expect(distance(corners[1]!, [16, 160, 64])).toBeLessThan(12);
    expect(distance(corners[2]!, [16, 96, 192])).toBeLessThan(12);
    // No stamp background: the light studio backdrop.
    expect(Math.min(...corners[3]!)).toBeGreaterThan(200);
    const [sharpLine, blurredLine] = [await compose(halves, 0), await compose(halves, 40)];
    const [hard, soft] = [await rgbAt(sharpLine.originalCroppedNoShadow, 196, 20), await rgbAt(blurredLine.originalCroppedNoShadow, 196, 20)];
    expect(soft[2] - hard[2]).toBeGreaterThan(20);
  });

  it('refuses a mask without a vehicle', async () => {
    const { image } = await blockScene();
    await expect(composeCropped({ image, mask: { width: W, height: H, alpha: Buffer.alloc(W * H) }, background: null, blurringValue: 0, croppingType: 'CROPPING' })).rejects.toThrow(/No vehicle/);
  });
});

describe('segmentation', () => {
  it('finds the car of a demo picture with the model shipped in the package, offline', async () => {
    const image = await sharp(Buffer.from(carSceneSvg({ width: 640, height: 480, shape: 'hatch', colour: '#1c4a8a', angle: 'side', plate: { registration: { text: 'AB-123-CD', country: 'F' } } })))
      .jpeg()
      .toBuffer();
    const mask = await segmentVehicle(image);
    expect(mask).toMatchObject({ width: 640, height: 480 });
    const report = await checkQuality(image, mask);
    expect(report.vehicleShare).toBeGreaterThan(0.1);
    expect(report.vehicleShare).toBeLessThan(0.8);
    // The top-left corner is showroom wall, not car.
    expect(mask.alpha[10 * 640 + 10]).toBeLessThan(64);
  }, 180_000);
});

describe('quality checks', () => {
  const detailed = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .jpeg()
      .toBuffer();

  it('flags a blurred picture and not a sharp one', async () => {
    const crisp = await detailed();
    const blurred = await sharp(crisp).blur(8).jpeg().toBuffer();
    expect((await checkQuality(crisp)).warnings).not.toContain('BLURRY');
    expect((await checkQuality(blurred)).warnings).toContain('BLURRY');
  });

  it('flags under- and over-exposed pictures', async () => {
    const dark = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#050505' } }).jpeg().toBuffer();
    const bright = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fdfdfd' } }).jpeg().toBuffer();
    expect((await checkQuality(dark)).warnings).toContain('UNDEREXPOSED');
    expect((await checkQuality(bright)).warnings).toContain('OVEREXPOSED');
    expect((await checkQuality(await detailed())).warnings).toEqual([]);
  });

  it('flags a cropped vehicle that runs off the side of the frame', async () => {
    const alpha = Buffer.alloc(W * H);
    for (let y = 100; y < 250; y++) alpha.fill(255, y * W, y * W + 200);
    const report = await checkQuality(await detailed(), { width: W, height: H, alpha });
    expect(report.touchedEdges).toEqual(['left']);
    expect(report.warnings).toContain('VEHICLE_CUT_OFF');
  });
});
