import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectPlates } from './detect-plates';
import { UnreadablePicture } from './segmentation';

describe('detectPlates', () => {
  it('calls a damaged file unreadable, so that jobs leave it to a person instead of retrying it', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    await expect(detectPlates(jpeg.subarray(0, jpeg.length / 2))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(detectPlates(Buffer.from('not a picture'))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(detectPlates(jpeg)).resolves.toMatchObject({ width: 64, height: 48, plates: [] });
  });
});
