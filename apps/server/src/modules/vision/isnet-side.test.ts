import { describe, expect, it } from 'vitest';
import { shippedIsNet } from './isnet';
import { isNetAtSide } from './isnet-side';

/** Every run of a dim_value varint of `side` (tag 0x08, two bytes) in the buffer. */
const dims = (b: Buffer, side: number) => {
  const [lo, hi] = [0x80 | (side & 0x7f), side >> 7];
  let n = 0;
  for (let i = 0; i + 2 < b.length; i++) if (b[i] === 0x08 && b[i + 1] === lo && b[i + 2] === hi) n++;
  return n;
};

describe('the IS-Net model at another side', () => {
  const shipped = shippedIsNet();

  it('declares its input and outputs at the new side, with fewer bytes (the intermediate shapes dropped)', () => {
    const at640 = isNetAtSide(shipped, 640);
    expect(dims(shipped, 640)).toBe(0);
    // The input and the six full-size outputs (the mask and five side outputs) declare 640 × 640, as they
    // declared 1024 × 1024. (segmentation.test.ts runs it.)
    expect(dims(at640, 640)).toBe(14);
    expect(at640.length).toBeLessThan(shipped.length);
    expect(at640.length).toBeGreaterThan(shipped.length * 0.99);
    expect(isNetAtSide(shipped, 1024)).toBe(shipped);
  });

  it('refuses a side the network’s five poolings cannot divide, and bytes that are not the model', () => {
    expect(() => isNetAtSide(shipped, 700)).toThrow(/multiple of 32/);
    expect(() => isNetAtSide(Buffer.from([0x0f, 0x01]), 640)).toThrow(/Not an ONNX model/);
  });
});
