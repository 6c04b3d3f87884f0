import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { signInTokens } from './oidc/oidc-flow.test-support';
import { insertPartnerUser, startPartnerIssuer, type PartnerIssuer } from '../../test/partner-issuer';

describe('an external OIDC issuer configured for an e-mail domain', () => {
  let issuer: PartnerIssuer;
  let partnerApp: App;
  let partnerUrl: string;
  let forecourt: PartnerIssuer['forecourt'];
  let app: App;

  beforeAll(async () => {
    issuer = await startPartnerIssuer(['partner.test']);
    ({ partnerApp, partnerUrl, forecourt, app } = issuer);
    // A user of the partner's domain: known to Forecourt, with their password only at the partner's issuer.
    const alex = { email: 'alex@partner.test' };
    await insertPartnerUser(issuer.partner, { ...alex, id: 'partner-user-42', password: 'partner-secret' });
    await insertPartnerUser(forecourt, { ...alex, id: '7d0c1f9e-1111-4c1e-9a4f-5d1f2c3a00aa', password: null });
  });
  afterAll(async () => issuer.close());

  it('is answered by the lookup and its access token is accepted by /api/users/me', async () => {
    const lookup = await app.inject({
      method: 'GET',
      url: '/identity/identity-providers?email=alex@partner.test',
      headers: { 'x-api-key': forecourt.config.IDENTITY_API_KEY },
    });
    expect(lookup.json()).toMatchObject({ providerType: 'OIDC', issuer: `${partnerUrl}/oidc` });

    const { status, body } = await signInTokens(partnerApp, partnerUrl, 'alex@partner.test', 'partner-secret');
    expect(status).toBe(200);
    const res = await issuer.me(String(body.access_token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: '7d0c1f9e-1111-4c1e-9a4f-5d1f2c3a00aa', email: 'alex@partner.test' });
  });

  it("refuses the partner's token for an account outside the partner's domains", async () => {
    const { body } = await signInTokens(partnerApp, partnerUrl, 'manager@demo.forecourt.test', 'forecourt');
    // Same e-mail exists at Forecourt, but that domain is not mapped to the partner: its issuer is not trusted for it.
    const res = await issuer.me(String(body.access_token));
    expect(res.statusCode).toBe(401);
  });

  it("refuses a partner's token without exp, however well signed", async () => {
    const forever = await issuer.sign({ email: 'alex@partner.test' }, { subject: 'partner-user-42', expires: false });
    const res = await issuer.me(forever);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
