import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnCredentials } from './turn-credentials';

describe('turnCredentials', () => {
  const settings = {
    urls: ['turn:turn.example.test:3478?transport=udp', 'turn:turn.example.test:3478?transport=tcp'],
    secret: 'north-wind-secret',
    ttlSeconds: 3600,
  };

  it('names the expiry and the participant, signed as coturn use-auth-secret checks it', () => {
    const at = Date.parse('2026-11-26T00:00:00Z');
    const server = turnCredentials(settings, 'p_abc12345', at);
    expect(server.urls).toEqual(settings.urls);
    expect(server.username).toBe(`${at / 1000 + 3600}:p_abc12345`);
    // The value coturn computes: base64 of HMAC-SHA1 over the username with the static auth secret.
    expect(server.credential).toBe(createHmac('sha1', 'north-wind-secret').update(server.username!).digest('base64'));
    // A known vector (computed with `printf '1795654800:p_abc12345' | openssl dgst -sha1 -hmac north-wind-secret -binary | base64`).
    expect(server.credential).toBe(KNOWN_CREDENTIAL);
  });

  it('gives another credential to another participant and to a later expiry, none to a wrong secret', () => {
    const at = Date.parse('2026-11-26T00:00:00Z');
    const a = turnCredentials(settings, 'p_abc12345', at);
    expect(turnCredentials(settings, 'p_other999', at).credential).not.toBe(a.credential);
    expect(turnCredentials(settings, 'p_abc12345', at + 1000).credential).not.toBe(a.credential);
    expect(turnCredentials({ ...settings, secret: 'another-secret-x' }, 'p_abc12345', at).credential).not.toBe(
      a.credential,
    );
  });
});

const KNOWN_CREDENTIAL = 'cwBVxVIj6ny67ZNaAbbY8Efa/Ms=';
