import type { SmsMessage, SmsSender } from './sms-sender';

export class SmsGatewayError extends Error {}

/**
 * An HTTP SMS gateway: POST {to, body} as JSON with a bearer token; any 2xx means accepted. Gateways with
 * another shape sit behind a small proxy or another driver of this interface.
 */
export class HttpSmsSender implements SmsSender {
  readonly driver = 'gateway' as const;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
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
    await res.body?.cancel();
    if (!res.ok) throw new SmsGatewayError(`The SMS gateway answered ${res.status}`);
  }
}
