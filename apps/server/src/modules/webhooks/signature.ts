import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks: a secret is `whsec_` and the base64 of its bytes; the HMAC key is those bytes. */
const SECRET_PREFIX = 'whsec_';

const keyOf = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** A new endpoint secret: 32 random bytes (the specification asks for 24 to 64). */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64');

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for one secret. */
export const signWebhook = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** The `webhook-signature` header: one signature per secret still valid (two during a rotation), space-separated. */
export const signatureHeader = (secrets: readonly string[], id: string, timestamp: number, body: string): string =>
  secrets.map((s) => signWebhook(s, id, timestamp, body)).join(' ');

/**
 * Whether a request carries a valid signature of this secret, as a receiver checks it: the headers present, the
 * timestamp within `toleranceSeconds` of now, and one of the header's `v1` signatures equal to ours. Used by the
 * tests and the benchmark as the receiver's side.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sig = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(ts)) return false;
  if (Math.abs(nowSeconds - Number(ts)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(ts), body).slice(3), 'base64');
  return sig.split(' ').some((part) => {
    const [version, value] = part.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
