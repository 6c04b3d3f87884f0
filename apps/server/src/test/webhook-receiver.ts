import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests and the benchmark: keeps every request, and answers `status()`
 * (200 unless a test makes it fail).
 */
export async function startWebhookReceiver(opts: { status?: (req: ReceivedWebhook) => number; keep?: boolean } = {}) {
  const received: ReceivedWebhook[] = [];
  const listeners = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const status = opts.status?.(got) ?? 200;
      if (opts.keep !== false) received.push(got);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'failing');
      for (const l of listeners) l();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Resolves once `check` holds, looked at after each request (or fails after timeoutMs). */
    until: (check: () => boolean, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (check()) return resolve();
        const timer = setTimeout(() => {
          listeners.delete(look);
          reject(new Error(`the receiver did not get what was awaited within ${timeoutMs} ms`));
        }, timeoutMs);
        const look = () => {
          if (!check()) return;
          clearTimeout(timer);
          listeners.delete(look);
          resolve();
        };
        listeners.add(look);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
