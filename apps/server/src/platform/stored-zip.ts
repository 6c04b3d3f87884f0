import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  date: Date;
  /** Opened when the archive reaches the entry, so one source is open at a time. */
  open: () => Promise<Readable>;
}

const LIMIT = 0xffff_ffff; // past this a zip needs ZIP64, which a shooting's pictures never reach
const FLAGS = 0x0008 | 0x0800; // sizes and CRC in a data descriptor after the data; UTF-8 names

/** MS-DOS date and time in local time, as zip readers show them (and as archiver wrote them). */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  };
}

/**
 * A zip of stored (uncompressed) entries, produced as it is read: each source is streamed through once,
 * its CRC-32 computed by zlib's native crc32, and memory stays flat whatever the archive size. Written
 * for the shooting archives, where archiver's pure-JavaScript CRC and its chain of transform streams held
 * the event loop for 50–300 ms a download under load. A source that fails fails the stream.
 */
export function storedZip(entries: readonly ZipEntry[]): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const { date, time } = dosDateTime(entry.date);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0
      local.writeUInt16LE(FLAGS, 6);
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      // CRC and sizes (14..25) stay 0: they follow the data in its descriptor.
      local.writeUInt16LE(name.length, 26);
      const start = offset;
      yield Buffer.concat([local, name]);
      offset += local.length + name.length;

      let crc = 0;
      let size = 0;
      for await (const chunk of await entry.open()) {
        const bytes = chunk as Buffer;
        crc = zlib.crc32(bytes, crc);
        size += bytes.length;
        yield bytes;
      }
      offset += size;
      if (size > LIMIT || offset > LIMIT) throw new Error('The archive is too large for a zip without ZIP64');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(size, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;
      offset += descriptor.length;

      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0 (so the mode below is read)
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc >>> 0, 16);
      header.writeUInt32LE(size, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(0o100644 * 0x10000, 38); // a regular file, rw-r--r--
      header.writeUInt32LE(start, 42);
      central.push(header, name);
    }
    const directory = Buffer.concat(central);
    if (offset + directory.length > LIMIT || entries.length > 0xffff)
      throw new Error('The archive is too large for a zip without ZIP64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield Buffer.concat([directory, end]);
  }
  return Readable.from(generate(), { objectMode: false });
}
