import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from './image-inspect';
import { stampImage } from '../stamps/stamp-render';
import { prepareOriginal } from './image-render';

const LIMITS = { maxBytes: 5_000_000, maxPixels: 8_294_399 };
// The run is bounded in time, not in cases, so CI pays a few seconds whatever the machine.
const TIME_LIMIT_MS = 4000;

/** What registration does with one upload: refused, or stored as prepared. Any throw is a refusal there too. */
async function register(bytes: Buffer, declaredType: string): Promise<Buffer | null> {
  const inspection = await inspectImage(bytes, LIMITS, declaredType);
  if (!inspection.ok) return null;
  try {
    return (await prepareOriginal(bytes, inspection.format, LIMITS.maxPixels)).data;
  } catch {
    return null;
  }
}

type Mutation =
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'cut'; at: number }
  | { kind: 'cutAndClose'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'append'; bytes: Uint8Array };

const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: position }),
  fc.record({ kind: fc.constant('cutAndClose' as const), at: position }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  }),
  fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
);

function mutate(original: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(original);
  for (const m of mutations) {
    const at = m.kind === 'append' ? bytes.length : Math.floor(m.at * bytes.length);
    if (m.kind === 'flip') bytes[at] = m.value;
    else if (m.kind === 'cut') bytes = bytes.subarray(0, at);
    else if (m.kind === 'cutAndClose') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff, 0xd9])]);
    else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]);
  }
  return bytes;
}

describe('the upload validator, fuzzed with mutated JPEG, PNG and WebP files', () => {
  const samples: { name: string; type: string; bytes: Buffer }[] = [];
  const overlay = { width: 32, height: 18, overlay: Buffer.alloc(0) };

  beforeAll(async () => {
    const photo = sharp({
      create: {
        width: 48,
        height: 32,
        channels: 3,
        background: { r: 40, g: 90, b: 160 },
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    });
    samples.push(
      { name: 'baseline JPEG', type: 'image/jpeg', bytes: await photo.clone().jpeg({ quality: 70 }).toBuffer() },
      {
        name: 'progressive JPEG',
        type: 'image/jpeg',
        bytes: await photo.clone().jpeg({ quality: 70, progressive: true }).toBuffer(),
      },
      { name: 'PNG', type: 'image/png', bytes: await photo.clone().png().toBuffer() },
      { name: 'WebP', type: 'image/webp', bytes: await photo.clone().webp({ quality: 70 }).toBuffer() },
    );
    overlay.overlay = await sharp({
      create: { width: 32, height: 18, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
  });

  it('never crashes, and whatever it accepts decodes whole and goes through the stamp step', async () => {
    let accepted = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (sample, mutations) => {
          runs++;
          const { bytes, type } = samples[sample]!;
          const stored = await register(mutate(bytes, mutations), type);
          if (!stored) return;
          accepted++;
          // The strictest full decode there is, and the pipeline's own first step: neither may fail.
          await sharp(stored, { failOn: 'warning' }).raw().toBuffer();
          await stampImage(stored, overlay);
        },
      ),
      { interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, numRuns: 100_000 },
    );
    expect(runs).toBeGreaterThan(20);
    // The mutations leave many files whole (a flipped byte in a pixel, data appended after the end).
    expect(accepted).toBeGreaterThan(0);
  });

  it('accepts every unmutated sample', async () => {
    for (const { name, bytes, type } of samples)
      expect({ name, stored: Boolean(await register(bytes, type)) }).toEqual({ name, stored: true });
  });
});
