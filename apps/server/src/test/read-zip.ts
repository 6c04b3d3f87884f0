import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0: stored as is; 8: deflated. */
  method: number;
  modified: Date;
}

// The reference CRC-32 (IEEE 802.3, reflected), bit by bit: independent of the zlib one the writer uses.
function referenceCrc(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Every entry of a zip as a real reader (yauzl) sees it, in archive order. yauzl takes each CRC from the central
 * directory without checking it; this checks it against the data, as a reader that does (unzip) would, and
 * rejects a wrong one. For API tests and the end-to-end specs that download archives.
 */
export function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, z) => {
      if (err) return reject(err);
      const out: ZipEntry[] = [];
      z.on('entry', (entry: yauzl.Entry) =>
        z.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            if (entry.crc32 !== referenceCrc(data)) return reject(new Error(`CRC of ${entry.fileName} is wrong`));
            out.push({ name: entry.fileName, data, method: entry.compressionMethod, modified: entry.getLastModDate() });
            z.readEntry();
          });
        }),
      );
      z.on('end', () => resolve(out));
      z.on('error', reject);
      z.readEntry();
    });
  });
}
