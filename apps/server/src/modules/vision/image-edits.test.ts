import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { carSceneSvg } from '../../seed/car-scene';
import type { Quad } from './geometry';
import { checkQuality } from './image-quality';
import { applyPlateCover, defaultPlateCover } from './plate-cover';
import { segmentVehicle } from './segmentation';

const W = 400;
const H = 300;

async function rgbAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe('licence-plate cover', () => {
  it('warps the cover onto the plate and leaves the rest of the photo alone', async () => {
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: '#303030' } })
      .jpeg()
      .toBuffer();
    const plate: Quad = [
      { x: 150, y: 140 },
      { x: 260, y: 150 },
      { x: 258, y: 176 },
      { x: 148, y: 166 },
    ];
    const covered = await applyPlateCover(photo, [plate], await defaultPlateCover('Demo Motors'));
    expect(await sharp(covered).metadata()).toMatchObject({ width: W, height: H, format: 'jpeg' });
    // Inside the plate: mostly the cover's light plate; outside: the photo unchanged.
    const region = await sharp(covered)
      .extract({ left: 160, top: 150, width: 90, height: 16 })
      .grayscale()
      .png()
      .toBuffer();
    const inside = await sharp(region).stats();
    expect(inside.channels[0]!.mean).toBeGreaterThan(110);
    expect(inside.channels[0]!.max).toBeGreaterThan(230);
    expect(distance(await rgbAt(covered, 20, 20), [48, 48, 48])).toBeLessThan(8);
    expect(distance(await rgbAt(covered, 215, 200), [48, 48, 48])).toBeLessThan(8);
  });
});

describe('segmentation', () => {
  it('finds the car of a demo picture with the model shipped in the package, offline', async () => {
    const image = await sharp(
      Buffer.from(
        carSceneSvg({
          width: 640,
          height: 480,
          shape: 'hatch',
          colour: '#1c4a8a',
          angle: 'side',
          plate: { registration: { text: 'AB-123-CD', country: 'F' } },
        }),
      ),
    )
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
    sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg()
      .toBuffer();

  it('flags a blurred picture and not a sharp one', async () => {
    const crisp = await detailed();
    const blurred = await sharp(crisp).blur(8).jpeg().toBuffer();
    expect((await checkQuality(crisp)).warnings).not.toContain('BLURRY');
    expect((await checkQuality(blurred)).warnings).toContain('BLURRY');
  });

  it('flags under- and over-exposed pictures', async () => {
    const dark = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#050505' } })
      .jpeg()
      .toBuffer();
    const bright = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fdfdfd' } })
      .jpeg()
      .toBuffer();
    expect((await checkQuality(dark)).warnings).toContain('UNDEREXPOSED');
    expect((await checkQuality(bright)).warnings).toContain('OVEREXPOSED');
    expect((await checkQuality(await detailed())).warnings).toEqual([]);
  });

  it('reads exposure and blur on the vehicle only: a white studio ground around a sound car is no warning', async () => {
    const car = await sharp(await detailed())
      .resize(200, 150)
      .toBuffer();
    const studio = await sharp({ create: { width: W, height: H, channels: 3, background: '#fefefe' } })
      .composite([{ input: car, left: 100, top: 100 }])
      .jpeg()
      .toBuffer();
    const alpha = Buffer.alloc(W * H);
    for (let y = 100; y < 250; y++) alpha.fill(255, y * W + 100, y * W + 300);
    expect((await checkQuality(studio)).warnings).toContain('OVEREXPOSED');
    const report = await checkQuality(studio, { width: W, height: H, alpha });
    expect(report.warnings).not.toContain('OVEREXPOSED');
    expect(report.warnings).not.toContain('BLURRY');
  });

  it('flags a cropped vehicle that runs off the side of the frame', async () => {
    const alpha = Buffer.alloc(W * H);
    for (let y = 100; y < 250; y++) alpha.fill(255, y * W, y * W + 200);
    const report = await checkQuality(await detailed(), { width: W, height: H, alpha });
    expect(report.touchedEdges).toEqual(['left']);
    expect(report.warnings).toContain('VEHICLE_CUT_OFF');
  });
});
