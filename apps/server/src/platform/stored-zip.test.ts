import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { storedZip } from './stored-zip';

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Every entry as a real zip reader sees it, its CRC checked by the reader against the data. */
function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer; method: number; modified: Date }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, z) => {
      if (err) return reject(err);
      const out: { name: string; data: Buffer; method: number; modified: Date }[] = [];
      z.on('entry', (entry: yauzl.Entry) =>
        z.openReadStream(entry, (e, s) => {
          if (e) return reject(e);
          void collect(s).then((data) => {
            // yauzl reads the CRC from the central directory without checking it; a reader that does (unzip) would refuse a wrong one.
            if (entry.crc32 !== zlibCrc(data) >>> 0) return reject(new Error(`CRC of ${entry.fileName} is wrong`));
            out.push({ name: entry.fileName, data, method: entry.compressionMethod, modified: entry.getLastModDate() });
            z.readEntry();
          }, reject);
        }),
      );
      z.on('end', () => resolve(out));
      z.on('error', reject);
      z.readEntry();
    });
  });
}

// The reference CRC-32 (IEEE 802.3, reflected), bit by bit: independent of the zlib one the writer uses.
function zlibCrc(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

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
    const entries = await entriesOf(zip);
    expect(entries.map((e) => e.name)).toEqual(['001-ORIGINAL.jpg', '002-STAMPED.jpg', '003-EMPTY.jpg']);
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0]);
    expect(entries[0]!.data.equals(big)).toBe(true);
    expect(entries[1]!.data.toString()).toBe('second picture');
    expect(entries[2]!.data.length).toBe(0);
    expect(entries[0]!.modified.getTime()).toBe(date.getTime());
    expect(opened).toEqual(['1', '2']);
  });

  it('is a valid empty archive without entries', async () => {
    expect(await entriesOf(await collect(storedZip([])))).toEqual([]);
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
