// A minimal tus client for the media bench, run as its own process so that the server's memory is
// measured alone: `tus-client.ts URL FILE HEADERS_JSON CHUNK_BYTES [CUT_AT_BYTES]`. Sends the file in
// PATCHes of CHUNK_BYTES from the server's offset; with CUT_AT_BYTES it drops the connection once that
// many bytes are sent and resumes from the offset the server then answers. Prints one JSON line.
import fs from 'node:fs';
import http from 'node:http';

const [url, file, headersJson, chunkArg, cutArg] = process.argv.slice(2);
const headers = JSON.parse(headersJson!) as Record<string, string>;
const chunk = Number(chunkArg);
const cutAt = cutArg ? Number(cutArg) : null;
const size = fs.statSync(file!).size;
const target = new URL(url!);
const agent = new http.Agent({ keepAlive: true });

function head(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: 'HEAD', agent, headers: { ...headers, 'tus-resumable': '1.0.0' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(Number(res.headers['upload-offset'])));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One PATCH of [offset, end); with `cut`, the socket is destroyed after `cut` bytes of body. */
function patch(offset: number, end: number, cut: number | null): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(target, {
      method: 'PATCH',
      agent: cut === null ? agent : undefined,
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, sent }));
    });
    req.on('error', (err) => (cut !== null ? resolve({ status: 0, sent }) : reject(err)));
    const body = fs.createReadStream(file!, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 });
    body.on('data', (b) => {
      sent += b.length;
      if (!req.write(b)) {
        body.pause();
        req.once('drain', () => body.resume());
      }
      if (cut !== null && sent >= cut) {
        body.destroy();
        req.destroy();
      }
    });
    body.on('end', () => req.end());
  });
}

const started = performance.now();
let offset = await head();
let sentTotal = 0;
let resent = 0;
let cut = cutAt;
while (offset < size) {
  const end = Math.min(size, offset + chunk);
  const inChunk = cut !== null && cut >= offset && cut < end ? cut - offset : null;
  const r = await patch(offset, end, inChunk);
  sentTotal += r.sent;
  if (inChunk !== null) {
    cut = null;
    const now = await head();
    resent = offset + r.sent - now;
    offset = now;
    continue;
  }
  if (r.status !== 204) {
    console.log(JSON.stringify({ error: `PATCH answered ${r.status}` }));
    process.exit(1);
  }
  offset = end;
}
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, size, sentTotal, resent }));
agent.destroy();
