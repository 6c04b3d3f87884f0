import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectPlates, detectPlatesOfEach } from './detect-plates';
import { closePlateThread } from './plate-half-thread';
import { UnreadablePicture } from './segmentation';

const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();

describe('detectPlates', () => {
  afterAll(closePlateThread);

  it('calls a damaged file unreadable, so that jobs leave it to a person instead of retrying it', async () => {
    const jpeg = await grey(64, 48);
    await expect(detectPlates(jpeg.subarray(0, jpeg.length / 2))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(detectPlates(Buffer.from('not a picture'))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(detectPlates(jpeg)).resolves.toMatchObject({ width: 64, height: 48, plates: [] });
  });
});

describe('detectPlatesOfEach', () => {
  it('gives each picture its own result, in order, the same as one by one, reading each picture once', async () => {
    const pictures = [await grey(64, 48), await grey(40, 90), await grey(1700, 20)];
    const read: number[] = [];
    const results = await detectPlatesOfEach([0, 1, 2], async (k) => {
      read.push(k);
      return pictures[k]!;
    });
    expect(read).toEqual([0, 1, 2]);
    expect(results).toEqual(await Promise.all(pictures.map((p) => detectPlates(p))));
    expect(results.map((r) => [r.width, r.height])).toEqual([
      [64, 48],
      [40, 90],
      [1700, 20],
    ]);
    await expect(detectPlatesOfEach([], async () => pictures[0]!)).resolves.toEqual([]);
  });

  it('throws the first failure, a picture that cannot be read or decoded, and leaves no failure unhandled', async () => {
    const good = await grey(64, 48);
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // The second picture fails while the first is searched, the third is already being read: the second's
      // failure is thrown; the third's is never reported.
      await expect(
        detectPlatesOfEach(['good', 'bad', 'missing'], async (name) => {
          if (name === 'missing') throw new Error('no such picture');
          return name === 'good' ? good : Buffer.from('not a picture');
        }),
      ).rejects.toBeInstanceOf(UnreadablePicture);
      await expect(
        detectPlatesOfEach(['missing', 'bad'], async (name) => {
          if (name === 'missing') throw new Error('no such picture');
          return Buffer.from('not a picture');
        }),
      ).rejects.toThrow('no such picture');
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });
});
