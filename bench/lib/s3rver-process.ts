// An S3-compatible server (s3rver, the tests' helper) in a process of its own for the load and faults
// benchmarks, so that serving blobs does not share the load generator's event loop. Prints its ports, then
// serves until SIGTERM, when it removes its folder.
//   node --import tsx bench/lib/s3rver-process.ts BUCKET [CLIENT...]
// Each CLIENT name (api1, worker1, ...) gets a port of its own on the same server, so the requests can be
// counted by whom made them without a proxy in between: the extra listeners hand their connections to
// s3rver's HTTP server. Over the IPC channel, `{ stats: true, reset?: boolean }` answers the counts
// (s3-op-stats.ts) since the last reset.
import net from 'node:net';
import type http from 'node:http';
import { startTestS3Server } from '../../apps/server/src/test/s3-server';
import { classifyS3Request, objectClass, type S3OpCounts, type S3OpDetail } from './s3-op-stats';

const [bucket = 'forecourt-bench', ...clients] = process.argv.slice(2);
const server = await startTestS3Server(bucket);
const httpServer = server.httpServer;
const byPort = new Map<number, string>();
const mainPort = Number(new URL(server.endpoint).port);
byPort.set(mainPort, 'other');
const listeners: net.Server[] = [];
const ports: Record<string, number> = {};
for (const name of clients) {
  const l = net.createServer((socket) => httpServer.emit('connection', socket));
  await new Promise<void>((resolve) => l.listen(0, '127.0.0.1', resolve));
  const { port } = l.address() as net.AddressInfo;
  byPort.set(port, name);
  ports[name] = port;
  listeners.push(l);
}

let counts: S3OpCounts = {};
let detail: S3OpDetail = {};
httpServer.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
  const { kind, presigned } = classifyS3Request(req.method ?? 'GET', req.url ?? '/', req.headers);
  const client = byPort.get(req.socket.localPort ?? mainPort) ?? 'other';
  // A presigned URL is used by whoever was handed it (the load generator), not by the process that signed it.
  const who = presigned ? `presigned (${client}'s URLs)` : client;
  const row = (counts[who] ??= {});
  row[kind] = (row[kind] ?? 0) + 1;
  const what = `${kind} ${objectClass(req.url ?? '/')}`;
  const d = (detail[who] ??= {});
  d[what] = (d[what] ?? 0) + 1;
  // Error answers too (a missing object, a retried call), by kind and status.
  res.once('finish', () => {
    if (res.statusCode < 400) return;
    const failed = `${kind} answered ${res.statusCode}`;
    d[failed] = (d[failed] ?? 0) + 1;
  });
});
process.on('message', (msg: { stats?: boolean; reset?: boolean }) => {
  if (!msg.stats) return;
  process.send?.({ counts, detail });
  if (msg.reset) {
    counts = {};
    detail = {};
  }
});

console.log(JSON.stringify({ port: mainPort, ports }));
process.once('SIGTERM', () => {
  for (const l of listeners) l.close();
  process.disconnect?.();
  void server.stop().finally(() => process.exit(0));
});
