import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../app';
import { seedAccounts } from '../seed/seed-accounts';
import { createTestAdapters } from './test-adapters';
import { API_KEY_HEADER } from '../modules/identity/auth';
import { hashPassword } from '../modules/identity/password';
import { getSigningKey } from '../modules/identity/signing-keys';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * Two providers on fresh adapters: the partner's own (the upstream: another database, another key, listening
 * on 127.0.0.1) and Forecourt, which trusts the partner's issuer for the e-mail `domains`.
 */
export async function startPartnerIssuer(domains: string[]) {
  const port = await freePort();
  const partnerUrl = `http://127.0.0.1:${port}`;
  const partner = await createTestAdapters({ PUBLIC_URL: partnerUrl });
  await seedAccounts(partner);
  const partnerApp = await buildApp(partner);
  await partnerApp.listen({ host: '127.0.0.1', port });
  const upstream = { issuer: `${partnerUrl}/oidc`, clientId: 'forecourt-portal', audience: 'urn:forecourt:api' };

  const forecourt = await createTestAdapters({
    IDENTITY_PROVIDERS: JSON.stringify(Object.fromEntries(domains.map((domain) => [domain, upstream]))),
  });
  await seedAccounts(forecourt);
  const app = await buildApp(forecourt);
  return {
    partner,
    partnerApp,
    partnerUrl,
    forecourt,
    app,
    /** GET /api/users/me at Forecourt with an access token. */
    me: (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}`, [API_KEY_HEADER]: forecourt.config.API_KEY },
      }),
    /**
     * An access token signed with the partner's key, carrying `claims`: for `subject` (the e-mail by default),
     * valid 10 minutes unless `expires` is false (then it has no exp at all).
     */
    sign: async (claims: Record<string, unknown>, opts: { subject?: string; expires?: boolean } = {}) => {
      const key = await getSigningKey(partner.db);
      const token = new SignJWT({ scope: 'openid', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setIssuer(upstream.issuer)
        .setAudience(upstream.audience)
        .setSubject(opts.subject ?? String(claims.email))
        .setJti(randomUUID())
        .setIssuedAt();
      if (opts.expires !== false) token.setExpirationTime('10m');
      return token.sign(await importJWK(key.privateJwk, 'RS256'));
    },
    close: async () => {
      await app.close();
      await partnerApp.close();
      await forecourt.cleanup();
      await partner.cleanup();
    },
  };
}
export type PartnerIssuer = Awaited<ReturnType<typeof startPartnerIssuer>>;

/** An account of the partner's domain (in the grp-demo group), with a password or none. */
export async function insertPartnerUser(
  adapters: Adapters,
  user: { id?: string; email: string; password: string | null },
) {
  await adapters.db
    .insertInto('users')
    .values({
      id: user.id ?? randomUUID(),
      email: user.email,
      password_hash: user.password ? await hashPassword(user.password) : null,
      given_name: 'Alex',
      family_name: 'Partner',
      locale: 'de',
      group_id: 'grp-demo',
      habilitations: '[]',
      roles: '[]',
      created_at: new Date().toISOString(),
    })
    .execute();
}
