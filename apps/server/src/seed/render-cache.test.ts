import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashOf, RenderCache } from './render-cache';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-render-cache-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('RenderCache', () => {
  it('makes each key once per run, even when asked concurrently', async () => {
    const cache = new RenderCache(null);
    let made = 0;
    const make = async () => Buffer.from(`render ${++made}`);
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(made).toBe(1);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect((await cache.get('other', make)).bytes.toString()).toBe('render 2');
  });

  it('hands a later run the file an earlier run made, and makes anew for another key', async () => {
    const dir = tempDir();
    await new RenderCache(dir).get(hashOf('a'), async () => Buffer.from('first'));
    const later = new RenderCache(dir);
    expect((await later.get(hashOf('a'), async () => Buffer.from('second'))).bytes.toString()).toBe('first');
    expect((await later.get(hashOf('b'), async () => Buffer.from('third'))).bytes.toString()).toBe('third');
    // Only finished files are left behind: no temporary file survives a write.
    const files = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.includes('.tmp'));
    expect(files).toEqual([]);
  });

  it('still renders when the folder cannot be written', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    const cache = new RenderCache(file);
    expect((await cache.get(hashOf('x'), async () => Buffer.from('made'))).bytes.toString()).toBe('made');
  });

  it('keys on every part and their order', () => {
    expect(hashOf('ab', 'c')).not.toBe(hashOf('a', 'bc'));
    expect(hashOf('a', 'b')).not.toBe(hashOf('b', 'a'));
    expect(hashOf(Buffer.from('x'))).toBe(hashOf('x'));
  });
});
