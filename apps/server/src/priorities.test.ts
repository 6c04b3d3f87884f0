import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { NICE } from './priorities';

const src = path.dirname(fileURLToPath(import.meta.url));
const sources = () =>
  fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !/\.(test|fixture)\.ts$|fixture/.test(f))
    .map((f) => ({ file: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(src, f), 'utf8') }));

describe('the table of scheduling priorities', () => {
  it('orders who waits for whom below the event loop (nice 0), within what Linux allows', () => {
    const order = [0, NICE.reportThreads, NICE.workerProcess, NICE.segmenter, NICE.pixelThreads];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(new Set(order).size).toBe(order.length);
    expect(Math.max(...order)).toBeLessThanOrEqual(19);
    expect(loadConfig({}).WORKER_NICE).toBe(NICE.workerProcess);
  });

  it('is the only place a nice value is written, and process-priority.ts the only one listing threads', () => {
    const elsewhere = sources().filter(({ file }) => file !== 'priorities.ts');
    expect(
      elsewhere.filter(({ text }) => /NICE\s*=\s*\d|setPriority\([^)]*,\s*\d/.test(text)).map((s) => s.file),
    ).toEqual([]);
    expect(
      elsewhere
        .filter(({ file, text }) => file !== 'platform/process-priority.ts' && /['"]\/proc\/self\/task['"]/.test(text))
        .map((s) => s.file),
    ).toEqual([]);
  });
});
