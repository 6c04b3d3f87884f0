import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { createTestAdapters } from '../../test/test-adapters';
import { importJWK, SignJWT } from 'jose';
import { API_KEY_HEADER } from './auth';
import { getSigningKey } from './signing-keys';
import { hashPassword } from './password';
import { signInTokens } from './oidc/oidc-flow.test-support';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** A user of the partner's domain: known to Forecourt, with their password only at the partner's issuer. */
async function addUser(adapters: Awaited<ReturnType<typeof createTestAdapters>>, id: string, password: string | null) {
  const now = new Date().toISOString();
  await adapters.db
    .insertInto('users')
    .values({
      id,
      email: 'alex@partner.test',
      password_hash: password ? await hashPassword(password) : null,
      given_name: 'Alex',
      family_name: 'Partner',
      locale: 'de',
      group_id: 'grp-demo',
      habilitations: '[]',
      roles: '[]',
      created_at: now,
    })
    .execute();
}

describe('an external OIDC issuer configured for an e-mail domain', () => {
  let partner: Awaited<ReturnType<typeof createTestAdapters>>;
  let partnerApp: App;
  let forecourt: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let partnerUrl: string;

  beforeAll(async () => {
    // A second, separately started provider (another database, another key) listening on 127.0.0.1.
    const port = await freePort();
    partnerUrl = `http://127.0.0.1:${port}`;
    partner = await createTestAdapters({ PUBLIC_URL: partnerUrl });
    await seedAccounts(partner);
    await addUser(partner, 'partner-user-42', 'partner-secret');
    partnerApp = await buildApp(partner);
    await partnerApp.listen({ host: '127.0.0.1', port });

    forecourt = await createTestAdapters({
      IDENTITY_PROVIDERS: JSON.stringify({
        'partner.test': { issuer: `${partnerUrl}/oidc`, clientId: 'forecourt-portal', audience: 'urn:forecourt:api' },
      }),
    });
    await seedAccounts(forecourt);
    await addUser(forecourt, '7d0c1f9e-1111-4c1e-9a4f-5d1f2c3a00aa', null);
    app = await buildApp(forecourt);
  });
  afterAll(async () => {
    await app.close();
    await partnerApp.close();
    await forecourt.cleanup();
    await partner.cleanup();
  });

  it('is answered by the lookup and its access token is accepted by /api/users/me', async () => {
    const lookup = await app.inject({
      method: 'GET',
      url: '/identity/identity-providers?email=alex@partner.test',
      headers: { 'x-api-key': forecourt.config.IDENTITY_API_KEY },
    });
    expect(lookup.json()).toMatchObject({ providerType: 'OIDC', issuer: `${partnerUrl}/oidc` });

    const { status, body } = await signInTokens(partnerApp, partnerUrl, 'alex@partner.test', 'partner-secret');
    expect(status).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.access_token}`, [API_KEY_HEADER]: forecourt.config.API_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: '7d0c1f9e-1111-4c1e-9a4f-5d1f2c3a00aa', email: 'alex@partner.test' });
  });

  it("refuses the partner's token for an account outside the partner's domains", async () => {
    const { body } = await signInTokens(partnerApp, partnerUrl, 'manager@demo.forecourt.test', 'forecourt');
    // Same e-mail exists at Forecourt, but that domain is not mapped to the partner: its issuer is not trusted for it.
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.access_token}`, [API_KEY_HEADER]: forecourt.config.API_KEY },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a partner's token without exp, however well signed", async () => {
    const key = await getSigningKey(partner.db);
    const forever = await new SignJWT({ email: 'alex@partner.test', scope: 'openid' })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(`${partnerUrl}/oidc`)
      .setAudience('urn:forecourt:api')
      .setSubject('partner-user-42')
      .setIssuedAt()
      .sign(await importJWK(key.privateJwk, 'RS256'));
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${forever}`, [API_KEY_HEADER]: forecourt.config.API_KEY },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
