import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../dms/webhook-target';

/** What came back from one POST: the status (null when nothing answered), the start of the body, the time taken. */
export interface WebhookResponse {
  status: number | null;
  body: string;
  durationMs: number;
}

/** Sends one webhook request; the delivery service receives it as a dependency (tests and the bench use the real one). */
export type WebhookPost = (
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs?: number },
) => Promise<WebhookResponse>;

const KEPT_BODY = 2048;
// Connections to the same receiver are reused: a busy endpoint gets hundreds of deliveries a second.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

class RefusedAddress extends Error {}

/**
 * A DNS lookup that fails when any address of the name is private, loopback or link-local: the connection
 * is made to the addresses checked here, so a name that resolves elsewhere between the check and the
 * connection (DNS rebinding) cannot reach the server's own network.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new RefusedAddress(`${hostname} resolves to a private or loopback address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** POSTs a webhook: never follows a redirect, never throws; a refused address or a timeout is a null status. */
export const postWebhook: WebhookPost = (url, headers, body, { allowPrivate, timeoutMs = 10_000 }) =>
  new Promise((resolve) => {
    const started = performance.now();
    const done = (status: number | null, text: string) =>
      resolve({ status, body: text.slice(0, KEPT_BODY), durationMs: Math.round(performance.now() - started) });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(null, 'not a URL');
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host))
      return done(null, 'refused: a private or loopback address');
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!client) return done(null, 'refused: not http or https');
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        agent: agents[target.protocol as 'http:' | 'https:'],
        timeout: timeoutMs,
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < KEPT_BODY) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => done(res.statusCode ?? null, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (e) => done(res.statusCode ?? null, e.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => done(null, e instanceof RefusedAddress ? `refused: ${e.message}` : e.message));
    req.end(body);
  });
