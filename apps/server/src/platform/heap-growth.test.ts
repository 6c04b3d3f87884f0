import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-growth.fixture.ts');

/**
 * V8's old-generation limits as it recomputed them in a process calling setHeapGrowth(percent): each the
 * size a full collection kept and the new limit, in KB (V8 adds its new space's capacity to the limit).
 */
function limits(percent: number): { size: number; limit: number }[] {
  const run = spawnSync(process.execPath, ['--trace-gc-verbose', '--import', 'tsx', fixture, String(percent)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  return [...run.stdout.matchAll(/\[HeapController\] Limit: old size: (\d+) KB, new limit: (\d+) KB/g)].map((m) => ({
    size: Number(m[1]),
    limit: Number(m[2]),
  }));
}

/**
 * Whether a limit is twice the kept size: V8 adds its new space's capacity (up to 64 MB on Node 24) and
 * grows a small heap by at least 8 MB.
 */
const twice = ({ size, limit }: { size: number; limit: number }) =>
  limit >= 2 * size && limit <= Math.max(2 * size, size + 8 * 1024) + 96 * 1024;

describe('the heap growth (V8 old-generation limit)', () => {
  it('lets the old generation grow to twice what a full collection kept, whatever V8 would choose', () => {
    const recomputed = limits(100);
    expect(recomputed.length).toBeGreaterThan(0);
    expect(recomputed.filter((l) => !twice(l))).toEqual([]);
  });

  it("leaves V8's own choice with 0", () => {
    // V8 chooses from its measured speeds: for this allocation, four times (Node 20 and 24).
    const recomputed = limits(0);
    expect(recomputed.length).toBeGreaterThan(0);
    expect(recomputed.some((l) => !twice(l))).toBe(true);
  });

  it('is on by default (HEAP_GROWING_PERCENT=100)', () => {
    expect(loadConfig({}).HEAP_GROWING_PERCENT).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0);
  });
});
