import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { DEMO_PASSWORD, demoUser } from '../../../seed/demo-accounts';
import { seedAccounts } from '../../../seed/seed-accounts';
import { createTestAdapters } from '../../../test/test-adapters';
import { API_KEY_HEADER } from '../auth';
import { authorize, codeOf, pkcePair, signInTokens, tokenRequest } from './oidc-flow.test-support';
import { portalRedirectUri } from './provider';

const MANAGER = demoUser('manager@demo.forecourt.test');

describe('embedded OIDC provider', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let publicUrl: string;
  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    publicUrl = adapters.config.PUBLIC_URL;
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const me = (accessToken: string) =>
    app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${accessToken}`, [API_KEY_HEADER]: adapters.config.API_KEY },
    });

  it('publishes its discovery document with code + S256 only', async () => {
    const res = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    expect(doc.issuer).toBe(`${publicUrl}/oidc`);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).not.toContain('password');
    expect(doc.grant_types_supported).not.toContain('implicit');
  });

  it('builds every URL of its discovery document on PUBLIC_URL, whatever Host or X-Forwarded-Host says', async () => {
    for (const headers of [
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', forwarded: 'host=evil.example' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
      const doc = res.json<Record<string, unknown>>();
      const urls = Object.entries(doc).filter(([, v]) => typeof v === 'string' && /^https?:/.test(v));
      expect(urls.map(([k]) => k)).toEqual(
        expect.arrayContaining(['issuer', 'jwks_uri', 'authorization_endpoint', 'token_endpoint']),
      );
      for (const [key, url] of urls)
        expect(`${key} ${url as string}`).toBe(`${key} ${publicUrl}${(url as string).slice(publicUrl.length)}`);
      expect(JSON.stringify(doc)).not.toContain('evil.example');
      // Written raw by the provider, it still carries the app's headers.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('signs a demo user in; ID and access tokens carry the claims from the database', async () => {
    const { status, body } = await signInTokens(app, publicUrl, MANAGER.email, DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body.refresh_token).toMatch(/^[\w-]{20,}$/);
    const expected = {
      preferred_username: MANAGER.id,
      email: MANAGER.email,
      given_name: 'Camille',
      family_name: 'Martin',
      name: 'Camille Martin',
      locale: 'en',
      habilitations: ['PROVIDER_ADMINISTRATOR'],
      roles: ['manage-users'],
    };
    expect(decodeJwt(body.id_token!)).toMatchObject({ ...expected, iss: `${publicUrl}/oidc`, sub: MANAGER.id });
    expect(decodeJwt(body.access_token!)).toMatchObject({
      ...expected,
      iss: `${publicUrl}/oidc`,
      aud: 'urn:forecourt:api',
    });
    const res = await me(body.access_token!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: MANAGER.id, email: MANAGER.email, fullName: 'Camille Martin' });
  });

  it('shows its login page in the asked language with the e-mail prefilled', async () => {
    const { challenge } = pkcePair();
    const fr = await authorize(app, {
      publicUrl,
      email: MANAGER.email,
      password: 'wrong',
      challenge,
      extra: { ui_locales: 'fr' },
    });
    expect(fr.loginPage?.body).toContain('lang="fr"');
    expect(fr.loginPage?.body).toContain('Mot de passe');
    expect(fr.loginPage?.body).toContain(`value="${MANAGER.email}"`);
    expect(fr.loginPage?.body).toContain('Safari 13');
    expect(fr.res.statusCode).toBe(401);
    expect(fr.res.body).toContain('L&#39;e-mail ou le mot de passe est incorrect.');
    // Without ui_locales, the account's own language (Lucas is French).
    const sales = await authorize(app, {
      publicUrl,
      email: 'sales@demo.forecourt.test',
      password: DEMO_PASSWORD,
      challenge,
    });
    expect(sales.loginPage?.body).toContain('lang="fr"');
    const de = await authorize(app, {
      publicUrl,
      email: 'nobody@x.test',
      password: 'x',
      challenge,
      extra: { ui_locales: 'de-DE en' },
    });
    expect(de.loginPage?.body).toContain('Passwort');
  });

  it('tells a deactivated account so once its password is right, and a wrong password as for anyone', async () => {
    const email = 'sales@demo.forecourt.test';
    await adapters.db
      .updateTable('users')
      .set({ deactivated_at: '2026-11-29T00:00:00.000Z' })
      .where('email', '=', email)
      .execute();
    try {
      const { challenge } = pkcePair();
      const right = await authorize(app, {
        publicUrl,
        email,
        password: DEMO_PASSWORD,
        challenge,
        extra: { ui_locales: 'de' },
      });
      expect(right.res.statusCode).toBe(401);
      expect(right.res.body).toContain('Dieses Konto ist deaktiviert.');
      expect(right.res.body).not.toContain('Passwort vergessen');
      const wrong = await authorize(app, {
        publicUrl,
        email,
        password: 'nope',
        challenge,
        extra: { ui_locales: 'de' },
      });
      expect(wrong.res.statusCode).toBe(401);
      expect(wrong.res.body).not.toContain('deaktiviert');
    } finally {
      await adapters.db.updateTable('users').set({ deactivated_at: null }).where('email', '=', email).execute();
    }
  });

  it('locks an account and address after five wrong passwords, even for the right one', async () => {
    const email = 'workshop@demo.forecourt.test';
    const { challenge } = pkcePair();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await authorize(app, { publicUrl, email, password: 'nope', challenge })).res.statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await authorize(app, { publicUrl, email, password: DEMO_PASSWORD, challenge });
    expect(right.res.statusCode).toBe(429);
    expect(right.res.body).toMatch(/Too many failed attempts|Trop de tentatives/);
    // Another account from the same address is not affected.
    const other = await signInTokens(app, publicUrl, 'sales@demo.forecourt.test', DEMO_PASSWORD);
    expect(other.status).toBe(200);
  });

  it('refuses plain PKCE and a request without PKCE', async () => {
    const { verifier } = pkcePair();
    const plain = await authorize(app, {
      publicUrl,
      email: MANAGER.email,
      password: DEMO_PASSWORD,
      challenge: verifier,
      challengeMethod: 'plain',
    });
    expect(plain.res.statusCode).toBe(303);
    expect(plain.res.headers.location).toContain('error=invalid_request');
    const none = await authorize(app, {
      publicUrl,
      email: MANAGER.email,
      password: DEMO_PASSWORD,
      challenge: '',
      extra: { code_challenge_method: '' },
    });
    expect(none.res.headers.location).toContain('error=invalid_request');
  });

  it('refuses the implicit flow and the password grant', async () => {
    const { challenge } = pkcePair();
    const implicit = await authorize(app, {
      publicUrl,
      email: MANAGER.email,
      password: DEMO_PASSWORD,
      challenge,
      extra: { response_type: 'id_token token', nonce: 'n' },
    });
    expect(implicit.res.statusCode).not.toBe(200);
    expect(`${implicit.res.headers.location ?? ''}${implicit.res.body}`).toMatch(/unsupported_response_type/);
    const password = await tokenRequest(app, {
      grant_type: 'password',
      username: MANAGER.email,
      password: DEMO_PASSWORD,
    });
    expect(password.status).toBe(400);
    expect(password.body.error).toBe('unsupported_grant_type');
  });

  it('refuses a replayed authorization code and a wrong verifier', async () => {
    const { challenge } = pkcePair();
    const { res } = await authorize(app, { publicUrl, email: MANAGER.email, password: DEMO_PASSWORD, challenge });
    const code = codeOf(res.headers.location);
    const form = { grant_type: 'authorization_code', code, redirect_uri: portalRedirectUri(publicUrl) };
    const wrong = await tokenRequest(app, { ...form, code_verifier: pkcePair().verifier });
    expect(wrong.body.error).toBe('invalid_grant');

    const second = pkcePair();
    const again = await authorize(app, {
      publicUrl,
      email: MANAGER.email,
      password: DEMO_PASSWORD,
      challenge: second.challenge,
    });
    const code2 = codeOf(again.res.headers.location);
    const first = await tokenRequest(app, { ...form, code: code2, code_verifier: second.verifier });
    expect(first.status).toBe(200);
    const replay = await tokenRequest(app, { ...form, code: code2, code_verifier: second.verifier });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens: the old one is refused once used', async () => {
    const { body } = await signInTokens(app, publicUrl, MANAGER.email, DEMO_PASSWORD);
    const first = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: body.refresh_token! });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toMatch(/^[\w-]{20,}$/);
    expect(first.body.refresh_token).not.toBe(body.refresh_token);
    expect((await me(first.body.access_token!)).statusCode).toBe(200);
    const reused = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: body.refresh_token! });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('keeps sessions and refresh tokens across a restart (storage in the database)', async () => {
    const { body } = await signInTokens(app, publicUrl, MANAGER.email, DEMO_PASSWORD);
    const restarted = await buildApp(adapters);
    try {
      const res = await tokenRequest(restarted, { grant_type: 'refresh_token', refresh_token: body.refresh_token! });
      expect(res.status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('ends the provider session at logout and returns to the portal login page', async () => {
    const { verifier, challenge } = pkcePair();
    const { res, jar } = await authorize(app, { publicUrl, email: MANAGER.email, password: DEMO_PASSWORD, challenge });
    const tokens = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: codeOf(res.headers.location),
      code_verifier: verifier,
      redirect_uri: portalRedirectUri(publicUrl),
    });
    const params = new URLSearchParams({
      id_token_hint: tokens.body.id_token!,
      post_logout_redirect_uri: `${publicUrl}/login`,
    });
    const page = await app.inject({
      method: 'GET',
      url: `/oidc/session/end?${params}`,
      headers: { cookie: jar.header() },
    });
    jar.take(page.headers['set-cookie']);
    expect(page.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    jar.take(confirm.headers['set-cookie']);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${publicUrl}/login`);
    // The next authorization asks for the password again: the session is gone.
    const next = await app.inject({
      method: 'GET',
      url: `/oidc/auth?${new URLSearchParams({ client_id: 'forecourt-portal', response_type: 'code', redirect_uri: portalRedirectUri(publicUrl), scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`,
      headers: { cookie: jar.header() },
    });
    expect(next.headers.location).toContain('/interaction/');
  });
});
