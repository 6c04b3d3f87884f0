import { createHmac } from 'node:crypto';
import { dmsManifest, type DmsAdapter, type DmsVehicle } from './dms';

/** Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as receivers verify it. */
export const signDmsBody = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/**
 * POSTs the vehicle as JSON, images as presigned URLs, signed with the shared secret. A failure throws,
 * so the queue retries it with backoff; the Idempotency-Key lets the receiver drop a repeated delivery.
 */
export class WebhookDms implements DmsAdapter {
  readonly driver = 'webhook' as const;
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
    private readonly timeoutMs = 30_000,
  ) {}

  async push(v: DmsVehicle, opts: { idempotencyKey: string; signal?: AbortSignal }): Promise<void> {
    const body = JSON.stringify(dmsManifest(v, (i) => i.url));
    const signals = [AbortSignal.timeout(this.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': opts.idempotencyKey,
        'x-forecourt-signature': signDmsBody(this.secret, body, Math.floor(this.now().getTime() / 1000)),
      },
      body,
      signal: AbortSignal.any(signals),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`The DMS webhook answered ${res.status}`);
  }
}
