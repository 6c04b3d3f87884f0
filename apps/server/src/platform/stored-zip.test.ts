import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../test/read-zip';
import { storedZip } from './stored-zip';

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('storedZip', () => {
  it('writes stored entries a zip reader reads back byte for byte, in order, with their dates', async () => {
    const big = randomBytes(300_000);
    const small = Buffer.from('second picture');
    const date = new Date(2024, 5, 9, 14, 30, 20);
    const opened: string[] = [];
    const zip = await collect(
      storedZip([
        {
          name: '001-ORIGINAL.jpg',
          date,
          open: async () => (opened.push('1'), Readable.from([big.subarray(0, 65_536), big.subarray(65_536)])),
        },
        { name: '002-STAMPED.jpg', date, open: async () => (opened.push('2'), Readable.from([small])) },
        { name: '003-EMPTY.jpg', date, open: async () => Readable.from([]) },
      ]),
    );
    const entries = await readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['001-ORIGINAL.jpg', '002-STAMPED.jpg', '003-EMPTY.jpg']);
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0]);
    expect(entries[0]!.data.equals(big)).toBe(true);
    expect(entries[1]!.data.toString()).toBe('second picture');
    expect(entries[2]!.data.length).toBe(0);
    expect(entries[0]!.modified.getTime()).toBe(date.getTime());
    expect(opened).toEqual(['1', '2']);
  });

  it('is a valid empty archive without entries', async () => {
    expect(await readZip(await collect(storedZip([])))).toEqual([]);
  });

  it('opens each source only when the archive reaches it, and fails when one fails', async () => {
    let second = false;
    const stream = storedZip([
      { name: 'a.jpg', date: new Date(), open: async () => Readable.from([Buffer.from('a')]) },
      {
        name: 'b.jpg',
        date: new Date(),
        open: async () => {
          second = true;
          throw Object.assign(new Error('connect ECONNRESET 127.0.0.1:9000'), { code: 'ECONNRESET' });
        },
      },
    ]);
    expect(second).toBe(false);
    await expect(collect(stream)).rejects.toThrow(/ECONNRESET/);
    expect(second).toBe(true);
  });
});
