import type { Transport } from '../outbox';
import type { SmsMessage } from './sms-sender';

export class SmsGatewayError extends Error {}

/**
 * An HTTP SMS gateway: POST {to, body} as JSON with a bearer token; any 2xx means accepted. A JSON answer's
 * `id` or `messageId` is the outbox's transport id. Gateways with another shape sit behind a small proxy or
 * another driver of this interface.
 */
export class HttpSmsSender implements Transport<SmsMessage> {
  readonly driver = 'gateway' as const;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<{ transportId: string | null }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new SmsGatewayError(`The SMS gateway cannot be reached: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SmsGatewayError(`The SMS gateway answered ${res.status}`);
    }
    return { transportId: messageIdOf(await res.text().catch(() => '')) };
  }
}

/** The gateway's message id in a JSON answer ({id} or {messageId}), null when it gives none. */
function messageIdOf(answer: string): string | null {
  try {
    const body = JSON.parse(answer) as { id?: unknown; messageId?: unknown } | null;
    const id = body?.id ?? body?.messageId;
    return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : null;
  } catch {
    return null;
  }
}
