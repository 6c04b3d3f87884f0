import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stampImage } from '../stamps/stamp-render';
import { composeCropped } from './compose-crop';
import { DIGITAL_SOURCE, digitalSourceTypeOf } from './digital-source';
import type { Quad } from './geometry';
import { applyPlateCover, defaultPlateCover } from './plate-cover';

const PLATE: Quad = [
  { x: 150, y: 140 },
  { x: 260, y: 150 },
  { x: 258, y: 176 },
  { x: 148, y: 166 },
];
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

/**
 * The XMP packet of a JPEG read from its bytes as any reader finds it, without sharp: the APP1 segment
 * that starts with the XMP namespace (Adobe XMP Specification part 3).
 */
function jpegXmp(jpeg: Buffer): string | null {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  for (let at = 2; at + 4 <= jpeg.length;) {
    const marker = jpeg.readUInt16BE(at);
    if (marker === 0xffda) return null; // start of scan: no more metadata segments
    const length = jpeg.readUInt16BE(at + 2);
    const body = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xffe1 && body.subarray(0, XMP_HEADER.length).toString('latin1') === XMP_HEADER)
      return body.subarray(XMP_HEADER.length).toString('utf8');
    at += 2 + length;
  }
  return null;
}

const declared = (jpeg: Buffer) => /Iptc4xmpExt:DigitalSourceType="([^"]+)"/.exec(jpegXmp(jpeg) ?? '')?.[1] ?? null;
const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#303030' } })
    .jpeg()
    .toBuffer();
const stamp = async () => ({
  width: 200,
  height: 150,
  overlay: await sharp({ create: { width: 200, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer(),
});

describe('the IPTC digital source type of edited pictures', () => {
  it('marks a covered plate as a composite, in the XMP any reader finds', async () => {
    const covered = await applyPlateCover(await photo(), [PLATE], await defaultPlateCover('Demo Motors'));
    expect(declared(covered)).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/composite');
    expect(jpegXmp(covered)).toContain('xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"');
    const meta = await sharp(covered).metadata();
    expect(digitalSourceTypeOf(meta.xmp)).toBe(DIGITAL_SOURCE.plateCovered);
    // Only the mark: the photo's EXIF (and any location in it) is still left out.
    expect(meta.exif).toBeUndefined();
  });

  it('marks every cropped rendering as a composite with trained algorithmic media', async () => {
    const width = 400;
    const height = 300;
    const alpha = Buffer.alloc(width * height);
    for (let row = 60; row < 170; row++) alpha.fill(255, row * width + 40, row * width + 240);
    const image = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#808080"/><rect x="40" y="60" width="200" height="110" fill="#c01010"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const out = await composeCropped({
      image,
      mask: { width, height, alpha },
      background: null,
      blurringValue: 0,
      croppingType: 'CROPPING',
      canvas: { width, height },
      floorLevel: 60,
    });
    for (const rendering of [out.originalCropped, out.originalCroppedNoShadow, out.backgroundCropped]) {
      expect(declared(rendering)).toBe(
        'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
      );
    }
  });

  it('keeps the mark on the stamped copy of an edited picture, and adds none to a camera photo', async () => {
    const covered = await applyPlateCover(await photo(), [PLATE], await defaultPlateCover('Demo Motors'));
    expect(declared(await stampImage(covered, await stamp()))).toBe(DIGITAL_SOURCE.plateCovered);
    expect(jpegXmp(await stampImage(await photo(), await stamp()))).toBeNull();
  });
});
