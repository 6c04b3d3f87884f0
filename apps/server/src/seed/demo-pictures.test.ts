import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { carSceneSvg, type CarSceneSpec } from './car-scene';
import { DemoPictures } from './demo-pictures';

const spec: CarSceneSpec = {
  width: 800,
  height: 600,
  shape: 'sedan',
  colour: '#b01e28',
  angle: 'front34Left',
  plate: { registration: { text: 'GH-481-KL', country: 'F', department: '69' } },
};

async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('DemoPictures', () => {
  it('renders a car with its plate as a JPEG of the asked size, the same as drawing it whole', async () => {
    const picture = (await new DemoPictures().original(spec)).bytes;
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    const whole = await sharp(Buffer.from(carSceneSvg(spec)))
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(await meanDifference(picture, whole)).toBeLessThan(2);
  });

  it('changes only around the plate from one registration to another', async () => {
    const pictures = new DemoPictures();
    const other = (
      await pictures.original({
        ...spec,
        plate: { registration: { text: 'ZZ-999-ZZ', country: 'F', department: '13' } },
      })
    ).bytes;
    const first = (await pictures.original(spec)).bytes;
    expect(first.equals(other)).toBe(false);
    // Outside the plate the two pictures are the same drawing.
    const crop = (b: Buffer) => sharp(b).extract({ left: 0, top: 0, width: 800, height: 300 }).png().toBuffer();
    expect(await meanDifference(await crop(first), await crop(other))).toBeLessThan(1);
  });

  it('makes a 320 px thumbnail of a stamped picture with the stamp overlay on top', async () => {
    const pictures = new DemoPictures();
    const overlay = await sharp({
      create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 800, height: 60, channels: 4, background: { r: 0, g: 200, b: 0, alpha: 1 } } },
          left: 0,
          top: 540,
        },
      ])
      .png()
      .toBuffer();
    const stamp = { id: 'stamp-1', width: 800, height: 600, overlay };
    const stamped = (await pictures.stamped(spec, stamp)).bytes;
    const { data } = await sharp(stamped)
      .extract({ left: 400, top: 580, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(150);
    expect(data[0]).toBeLessThan(60);
    const thumb = (await pictures.thumbnail(await pictures.stamped(spec, stamp))).bytes;
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });
});
