import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { mediaBinaries } from '../../../platform/media/media-binaries';

/**
 * Janus recordings (.mjr) made without Janus, for the compose job's tests: ffmpeg encodes a test picture
 * (VP8 in IVF) or a tone (Opus in Ogg), and each frame or packet is written as the RTP packets Janus would
 * have received, in Janus's structured format: "MJR00002", the JSON header's length and the header, then
 * per packet "MEET", its arrival in milliseconds and its length (all big-endian), then the RTP packet.
 */

const MTU = 1100;

function rtp(payloadType: number, seq: number, timestamp: number, marker: boolean, payload: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = (marker ? 0x80 : 0) | payloadType;
  header.writeUInt16BE(seq & 0xffff, 2);
  header.writeUInt32BE(timestamp >>> 0, 4);
  header.writeUInt32BE(0x1234abcd + payloadType, 8);
  return Buffer.concat([header, payload]);
}

function writeMjr(file: string, header: object, packets: { atMs: number; packet: Buffer }[]): void {
  const json = Buffer.from(JSON.stringify(header));
  const parts: Buffer[] = [Buffer.from('MJR00002'), Buffer.alloc(2), json];
  parts[1]!.writeUInt16BE(json.length);
  for (const { atMs, packet } of packets) {
    const frame = Buffer.alloc(10);
    frame.write('MEET', 0, 'latin1');
    frame.writeUInt32BE(atMs, 4);
    frame.writeUInt16BE(packet.length, 8);
    parts.push(frame, packet);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}

/** A VP8 camera of `seconds` (a moving test picture, 320x240 at 15 fps) whose first packet Janus wrote at `startedUs`. */
export function writeVideoMjr(file: string, seconds: number, startedUs: number): void {
  const ivf = `${file}.ivf`;
  execFileSync(mediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=15:duration=${seconds}`],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', '-g', '15', '-f', 'ivf', ivf],
  ]);
  const data = fs.readFileSync(ivf);
  fs.rmSync(ivf);
  const rate = data.readUInt32LE(16);
  const scale = data.readUInt32LE(20);
  const packets: { atMs: number; packet: Buffer }[] = [];
  let seq = 0;
  for (let at = data.readUInt16LE(6); at + 12 <= data.length;) {
    const size = data.readUInt32LE(at);
    const pts = Number(data.readBigUInt64LE(at + 4));
    const frame = data.subarray(at + 12, at + 12 + size);
    at += 12 + size;
    const seconds = (pts * scale) / rate;
    for (let off = 0; off < frame.length; off += MTU) {
      // The VP8 payload descriptor: S (start of a partition) on the frame's first packet only.
      const descriptor = Buffer.from([off === 0 ? 0x10 : 0x00]);
      const last = off + MTU >= frame.length;
      packets.push({
        atMs: Math.round(seconds * 1000),
        packet: rtp(
          96,
          seq++,
          Math.round(seconds * 90_000),
          last,
          Buffer.concat([descriptor, frame.subarray(off, off + MTU)]),
        ),
      });
    }
  }
  writeMjr(file, { t: 'v', c: 'vp8', s: startedUs, u: startedUs }, packets);
}

/** An Opus microphone of `seconds` (a tone of `frequency` Hz, 20 ms packets) whose first packet Janus wrote at `startedUs`. */
export function writeAudioMjr(file: string, seconds: number, startedUs: number, frequency = 440): void {
  const ogg = `${file}.ogg`;
  execFileSync(mediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`],
    ...['-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20', '-f', 'ogg', ogg],
  ]);
  const data = fs.readFileSync(ogg);
  fs.rmSync(ogg);
  // Ogg pages: 27 bytes of header, the segment table, then the segments; a packet ends with a segment under 255.
  const oggPackets: Buffer[] = [];
  let pending: Buffer[] = [];
  for (let at = 0; at + 27 <= data.length;) {
    const count = data[at + 26]!;
    const table = data.subarray(at + 27, at + 27 + count);
    let body = at + 27 + count;
    for (const len of table) {
      pending.push(data.subarray(body, body + len));
      body += len;
      if (len < 255) {
        oggPackets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    at = body;
  }
  // The first two are OpusHead and OpusTags, not audio.
  const packets = oggPackets.slice(2).map((p, n) => ({ atMs: n * 20, packet: rtp(111, n, n * 960, false, p) }));
  writeMjr(file, { t: 'a', c: 'opus', s: startedUs, u: startedUs }, packets);
}

/** A recorded call as Janus leaves it in a recording's folder: each participant's camera and microphone. */
export function writeCallRecording(
  dir: string,
  participants: { seconds: number; startedUs: number; frequency?: number }[],
): void {
  fs.mkdirSync(dir, { recursive: true });
  participants.forEach((p, i) => {
    writeVideoMjr(path.join(dir, `videoroom-1-user-${i + 1}-${p.startedUs}-video-1.mjr`), p.seconds, p.startedUs);
    writeAudioMjr(
      path.join(dir, `videoroom-1-user-${i + 1}-${p.startedUs}-audio-0.mjr`),
      p.seconds,
      p.startedUs,
      p.frequency,
    );
  });
}
