import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedLongestSide } from './stored-size';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } });

describe('storedLongestSide', () => {
  it('reads the stored size of a JPEG (EXIF segment before its frame included) and of a PNG', async () => {
    expect(storedLongestSide(await picture(1700, 900).jpeg().toBuffer())).toBe(1700);
    expect(storedLongestSide(await picture(300, 2000).jpeg({ progressive: true }).toBuffer())).toBe(2000);
    // Turned by EXIF: the stored sides, not the displayed ones (the longest is the same).
    const turned = await picture(1601, 20).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(storedLongestSide(turned)).toBe(1601);
    expect(storedLongestSide(await picture(2000, 33).png().toBuffer())).toBe(2000);
  });

  it('knows nothing of another format or of bytes that are no picture', async () => {
    expect(storedLongestSide(await picture(40, 30).webp().toBuffer())).toBeNull();
    expect(storedLongestSide(Buffer.from('not a picture'))).toBeNull();
    expect(storedLongestSide(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(storedLongestSide(new Uint8Array(0))).toBeNull();
  });
});
