import { afterAll, describe, expect, it, vi } from 'vitest';
import { detectPlatesInGray, halfScaleFindings, type GrayImage } from './plate-detector';
import { closePlateThread, detectPlatesInGrayBeside, halfScaleBeside, warmPlateThread } from './plate-half-thread';

/** A mid-grey picture with a light plate of seven ring-shaped characters, and a smaller one. */
function picture(): GrayImage {
  const width = 1280;
  const height = 721;
  const data = new Uint8Array(width * height).fill(110);
  const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < y0 + h; y++) data.fill(v, y * width + x0, y * width + x0 + w);
  };
  const plate = (x0: number, top: number, k: number) => {
    fill(x0, top, 200 * k, 60 * k, 225);
    for (let i = 0; i < 7; i++) {
      fill(x0 + (14 + i * 25) * k, top + 18 * k, 14 * k, 26 * k, 30);
      fill(x0 + (18 + i * 25) * k, top + 22 * k, (6 + (i % 3)) * k, 18 * k, 225);
    }
  };
  plate(200, 100, 1);
  plate(600, 400, 2);
  return { width, height, data };
}

describe('detectPlatesInGrayBeside', () => {
  afterAll(closePlateThread);

  it('finds the same plates as detectPlatesInGray, whether the half-size scale is searched in its thread or here', async () => {
    const image = picture();
    const here = detectPlatesInGray(image, undefined, 1.5);
    expect(here.length).toBeGreaterThan(0);
    // The first picture starts the thread and does not wait for it: it is searched here.
    expect(await halfScaleBeside(image, 1.5)).toBeNull();
    expect(await detectPlatesInGrayBeside(image, undefined, 1.5)).toEqual(here);
    // Once started, the thread answers what this thread would have found, the same plates in the end.
    const fromThread = await vi.waitFor(
      async () => {
        const found = await halfScaleBeside(image, 1.5);
        if (!found) throw new Error('the thread is starting');
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(fromThread).toEqual(halfScaleFindings(image, 1.5));
    expect(await detectPlatesInGrayBeside(image, undefined, 1.5)).toEqual(here);
    // Its pixels are its own copy: the caller's picture may change meanwhile.
    const answer = halfScaleBeside(image, 1.5);
    const kept = image.data.slice();
    image.data.fill(0);
    expect(await answer).toEqual(fromThread);
    image.data.set(kept);
    // Stopped (as a test ends), the next picture is searched here again, with the same plates.
    await closePlateThread();
    expect(await halfScaleBeside(image, 1.5)).toBeNull();
    expect(await detectPlatesInGrayBeside(image, undefined, 1.5)).toEqual(here);
    // Started ahead (a warm process), the first picture is the thread's.
    await closePlateThread();
    expect(await warmPlateThread()).toBe(true);
    expect(await halfScaleBeside(image, 1.5)).toEqual(fromThread);
  });
});
