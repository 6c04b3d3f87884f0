import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, signWebhook, verifyWebhook } from './signature';

// The test vectors of the Standard Webhooks reference library (libraries/javascript/src/webhook.test.ts).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MSG_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const PAYLOAD = '{"test": 2432232314}';

describe('Standard Webhooks signatures', () => {
  it('signs the specification’s vector exactly', () => {
    expect(signWebhook(SECRET, MSG_ID, 1614265330, PAYLOAD)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // The prefix is optional on the key, as in the reference library.
    expect(signWebhook(SECRET.slice(6), MSG_ID, 1614265330, PAYLOAD)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('verifies as the reference library does: missing parts, bad or partial signatures, old and new timestamps', () => {
    const now = 1614265330;
    const headers = (over: Record<string, string | undefined> = {}) => ({
      'webhook-id': MSG_ID,
      'webhook-timestamp': String(now),
      'webhook-signature': signWebhook(SECRET, MSG_ID, now, PAYLOAD),
      ...over,
    });
    expect(verifyWebhook(SECRET, headers(), PAYLOAD, now)).toBe(true);
    expect(verifyWebhook(SECRET, headers({ 'webhook-id': undefined }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers({ 'webhook-timestamp': undefined }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers({ 'webhook-timestamp': 'hello' }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': undefined }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': 'v1,dawfeoifkpqwoekfpqoekf' }), PAYLOAD, now)).toBe(
      false,
    );
    const partial = headers()['webhook-signature'].slice(0, 8);
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': partial }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': 'v1,' }), PAYLOAD, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers(), PAYLOAD, now + 301)).toBe(false);
    expect(verifyWebhook(SECRET, headers(), PAYLOAD, now - 301)).toBe(false);
    expect(verifyWebhook(SECRET, headers(), `${PAYLOAD} `, now)).toBe(false);
    const multi = [
      'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      headers()['webhook-signature'],
    ].join(' ');
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': multi }), PAYLOAD, now)).toBe(true);
  });

  it('signs with both secrets during a rotation, so a receiver on either one accepts', () => {
    const old = newWebhookSecret();
    const fresh = newWebhookSecret();
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const header = signatureHeader([fresh, old], MSG_ID, 1614265330, PAYLOAD);
    const h = { 'webhook-id': MSG_ID, 'webhook-timestamp': '1614265330', 'webhook-signature': header };
    expect(verifyWebhook(old, h, PAYLOAD, 1614265330)).toBe(true);
    expect(verifyWebhook(fresh, h, PAYLOAD, 1614265330)).toBe(true);
    expect(verifyWebhook(newWebhookSecret(), h, PAYLOAD, 1614265330)).toBe(false);
  });
});
