import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stampImage } from '../stamps/stamp-render';
import { makeThumbnail, normalizeOriginal, prepareOriginal } from './image-render';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** A landscape JPEG, left half red and right half blue, stored sideways with EXIF orientation 6 and a GPS position. */
async function sidewaysPhotoWithLocation(): Promise<Buffer> {
  const half = (colour: typeof RED) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: RED } })
    .composite([{ input: await half(BLUE), left: 200, top: 0 }])
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

const near = (actual: typeof RED, expected: typeof RED) =>
  Math.abs(actual.r - expected.r) + Math.abs(actual.g - expected.g) + Math.abs(actual.b - expected.b) < 60;

describe('stampImage', () => {
  it('renders at the stamp size with the overlay on top, upright, as a JPEG without location', async () => {
    // A transparent overlay twice the stamp size with an opaque green band at the top: it must be fitted.
    const overlay = await sharp({
      create: { width: 320, height: 180, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 320, height: 20, channels: 4, background: { r: 0, g: 255, b: 0, alpha: 1 } },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const stamped = await stampImage(await sidewaysPhotoWithLocation(), { width: 160, height: 90, overlay });

    const meta = await sharp(stamped).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
    expect(meta.exif).toBeUndefined();
    expect(near(await pixel(stamped, 80, 2), { r: 0, g: 255, b: 0 })).toBe(true);
    // Upright, the red half is on top: the middle of a 16/9 cover crop sits across both halves, red above.
    expect(near(await pixel(stamped, 80, 30), RED)).toBe(true);
    expect(near(await pixel(stamped, 80, 80), BLUE)).toBe(true);
  });
});

describe('makeThumbnail', () => {
  it('is a 320 px wide upright JPEG without metadata', async () => {
    const thumbnail = await makeThumbnail(await sidewaysPhotoWithLocation());
    const meta = await sharp(thumbnail).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 640 });
    expect(meta.exif).toBeUndefined();
  });
});

describe('normalizeOriginal', () => {
  it('keeps the format, turns the pixels upright and drops the location', async () => {
    const { data: stored, width, height } = await normalizeOriginal(await sidewaysPhotoWithLocation(), 'jpeg');
    expect({ width, height }).toEqual({ width: 200, height: 400 });
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(near(await pixel(stored, 100, 50), RED)).toBe(true);
  });
});

describe('prepareOriginal', () => {
  it('keeps an upright JPEG as it is, without its metadata and without re-encoding', async () => {
    const upright = await sharp({ create: { width: 640, height: 480, channels: 3, background: BLUE } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .jpeg({ quality: 70 })
      .toBuffer();
    const prepared = await prepareOriginal(upright, 'jpeg', 10_000_000);
    expect(prepared).toMatchObject({ width: 640, height: 480 });
    expect((await sharp(prepared.data).metadata()).exif).toBeUndefined();
    // Only the metadata segment is gone: the compressed image data is the same bytes.
    expect(upright.subarray(upright.length - 2000).equals(prepared.data.subarray(prepared.data.length - 2000))).toBe(
      true,
    );
    expect(await sharp(prepared.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('turns a sideways photo upright by re-encoding it', async () => {
    const prepared = await prepareOriginal(await sidewaysPhotoWithLocation(), 'jpeg', 10_000_000);
    expect(prepared).toMatchObject({ width: 200, height: 400 });
    expect((await sharp(prepared.data).metadata()).exif).toBeUndefined();
    expect(await sharp(prepared.thumbnail).metadata()).toMatchObject({ width: 320, height: 640 });
  });

  it('refuses more pixels than allowed', async () => {
    await expect(prepareOriginal(await sidewaysPhotoWithLocation(), 'jpeg', 1000)).rejects.toThrow();
  });
});
