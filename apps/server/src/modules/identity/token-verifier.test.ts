import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { demoUser } from '../../seed/demo-accounts';
import { accessTokenFor } from '../../test/auth-helpers';
import { API_KEY_HEADER } from './auth';
import { API_AUDIENCE } from './portal-client';
import { embeddedIssuer, getSigningKey } from './signing-keys';
import { useTestApp } from '../../test/test-app';

const MANAGER = demoUser('manager@demo.forecourt.test');

describe('bearer token verification', () => {
  const ctx = useTestApp();

  const me = (token: string, apiKey = ctx.adapters.config.API_KEY) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}`, [API_KEY_HEADER]: apiKey },
    });

  /** A token signed with the provider's own key, with the given changes. */
  const signed = async (
    changes: { iss?: string; aud?: string; exp?: number | null; iat?: number | null; claims?: JWTPayload } = {},
  ) => {
    const key = await getSigningKey(ctx.adapters.db);
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ preferred_username: MANAGER.id, email: MANAGER.email, ...changes.claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(changes.iss ?? embeddedIssuer(ctx.adapters.config.PUBLIC_URL))
      .setAudience(changes.aud ?? API_AUDIENCE)
      .setSubject(MANAGER.id);
    // null leaves the claim out.
    if (changes.iat !== null) jwt.setIssuedAt(changes.iat ?? now - 60);
    if (changes.exp !== null) jwt.setExpirationTime(changes.exp ?? now + 600);
    return jwt.sign(await importJWK(key.privateJwk, 'RS256'));
  };

  const expectRefused = async (token: string, message: RegExp) => {
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect(res.json().error.message).toMatch(message);
  };

  it('accepts a token of the embedded provider with the api-key header', async () => {
    const res = await me(await accessTokenFor(ctx.adapters, MANAGER.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(MANAGER.id);
  });

  it('refuses the main API without its api-key header', async () => {
    const res = await me(await accessTokenFor(ctx.adapters, MANAGER.id), 'not-the-key');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token of another issuer, even signed with our key', async () => {
    await expectRefused(await signed({ iss: 'https://evil.example/oidc' }), /unknown issuer/);
  });

  it('refuses a token for another audience', async () => {
    await expectRefused(await signed({ aud: 'urn:someone:else' }), /not valid/);
  });

  it('refuses an expired token', async () => {
    await expectRefused(await signed({ exp: Math.floor(Date.now() / 1000) - 120 }), /expired/);
  });

  it('refuses a token without exp or iat, one living longer than 12 hours and one issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await signed({ exp: null }), /not valid/);
    await expectRefused(await signed({ iat: null }), /not valid/);
    await expectRefused(await signed({ iat: now - 60, exp: now + 13 * 3600 }), /lives longer/);
    await expectRefused(await signed({ iat: now + 3600, exp: now + 4000 }), /not valid/);
    expect((await me(await signed({ iat: now - 60, exp: now + 11 * 3600 }))).statusCode).toBe(200);
  });

  it('refuses alg: none', async () => {
    const good = await signed();
    const [, body] = good.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expectRefused(`${header}.${body}.`, /not valid/);
  });

  it('refuses a tampered signature and a tampered payload', async () => {
    const good = await signed();
    const [header, body, signature] = good.split('.');
    // Change one character in the middle (the last one may only carry padding bits) to a different one.
    const mid = Math.floor(signature!.length / 2);
    const flipped = `${signature!.slice(0, mid)}${signature![mid] === 'A' ? 'B' : 'A'}${signature!.slice(mid + 1)}`;
    await expectRefused(`${header}.${body}.${flipped}`, /not valid/);
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as JWTPayload;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, preferred_username: demoUser('other@other-dealer.forecourt.test').id }),
    ).toString('base64url');
    await expectRefused(`${header}.${forged}.${signature}`, /not valid/);
  });

  it("refuses a token signed by a key that is not the provider's", async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const key = await getSigningKey(ctx.adapters.db);
    const token = await new SignJWT({ preferred_username: MANAGER.id })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(embeddedIssuer(ctx.adapters.config.PUBLIC_URL))
      .setAudience(API_AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    await expectRefused(token, /not valid/);
  });

  it('refuses a token once it expires, even one it accepted moments before', async () => {
    const token = await signed({ exp: Math.floor(Date.now() / 1000) + 10 });
    expect((await me(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16_000 });
    try {
      await expectRefused(token, /expired/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token of an account removed since its last call', async () => {
    const [user] = await ctx.adapters.db.selectFrom('users').selectAll().where('id', '=', MANAGER.id).execute();
    const token = await accessTokenFor(ctx.adapters, MANAGER.id);
    expect((await me(token)).statusCode).toBe(200);
    await ctx.adapters.db.deleteFrom('users').where('id', '=', MANAGER.id).execute();
    try {
      await expectRefused(token, /not known/);
    } finally {
      await ctx.adapters.db.insertInto('users').values(user!).execute();
    }
  });

  it('refuses garbage without a stack trace', async () => {
    await expectRefused('not-a-token', /malformed/);
  });
});
