import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo-accounts';
import { CookieJar, pkcePair } from './oidc-flow.test-support';
import { MAX_ADDRESS_FAILURES } from './login-throttle';
import { PORTAL_CLIENT_ID } from '../portal-client';
import { portalRedirectUri } from './provider';
import { useTestApp } from '../../../test/test-app';

describe('sign-in against spraying, enumeration and foreign origins', () => {
  const ctx = useTestApp();

  /** Opens the provider's login page as a browser would; answers a function posting its form from an address. */
  const loginForm = async () => {
    const jar = new CookieJar();
    const params = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      response_type: 'code',
      redirect_uri: portalRedirectUri(ctx.adapters.config.PUBLIC_URL),
      scope: 'openid profile email offline_access api',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const start = await ctx.app.inject({ method: 'GET', url: `/oidc/auth?${params}` });
    jar.take(start.headers['set-cookie']);
    const page = await ctx.app.inject({
      method: 'GET',
      url: new URL(start.headers.location!, 'http://x').pathname,
      headers: { cookie: jar.header() },
    });
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    return async (email: string, password: string, remoteAddress: string) => {
      const started = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: action,
        remoteAddress,
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, password }).toString(),
      });
      return { status: res.statusCode, ms: performance.now() - started };
    };
  };

  it(`locks an address after ${MAX_ADDRESS_FAILURES} wrong sign-ins spread over as many e-mails, even for a right password`, async () => {
    const submit = await loginForm();
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++)
      statuses.push((await submit(`user${n}@demo.forecourt.test`, 'Spring2026!', '203.0.113.7')).status);
    expect(statuses.slice(0, MAX_ADDRESS_FAILURES - 1).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX_ADDRESS_FAILURES - 1).every((s) => s === 429)).toBe(true);
    expect((await submit('manager@demo.forecourt.test', DEMO_PASSWORD, '203.0.113.7')).status).toBe(429);
    // Another address is not locked by it.
    expect((await submit('manager@demo.forecourt.test', DEMO_PASSWORD, '203.0.113.8')).status).toBe(303);
  });

  it('takes as long to refuse an unknown e-mail as a wrong password', async () => {
    const submit = await loginForm();
    const known: number[] = [];
    const unknown: number[] = [];
    // Each try from its own address, so that no lock interferes; alternated, so that load hits both alike.
    for (let n = 0; n < 6; n++) {
      const wrong = await submit('sales@demo.forecourt.test', 'not-the-password', `198.51.100.${2 * n + 1}`);
      const nobody = await submit(`nobody${n}@demo.forecourt.test`, 'not-the-password', `198.51.100.${2 * n + 2}`);
      expect([wrong.status, nobody.status]).toEqual([401, 401]);
      known.push(wrong.ms);
      unknown.push(nobody.ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    // Both pay one scrypt; before, an unknown e-mail was answered some 40 times sooner.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
  });

  it("answers token preflights only for the portal's origin", async () => {
    const preflight = (origin: string, url = '/oidc/token') =>
      ctx.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'POST' } });
    const foreign = await preflight('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const portalOrigin = new URL(ctx.adapters.config.PUBLIC_URL).origin;
    const own = await preflight(portalOrigin);
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(portalOrigin);
    // The discovery document and the keys stay readable from anywhere.
    expect((await preflight('https://evil.example', '/oidc/jwks')).headers['access-control-allow-origin']).toBe(
      'https://evil.example',
    );
    // The token call itself, from a foreign page, is refused by the provider.
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: PORTAL_CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: 'x',
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.headers['access-control-allow-origin']).toBeUndefined();
  });
});
