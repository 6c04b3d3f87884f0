import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { DEMO_PASSWORD, demoUser } from '../../seed/demo-accounts';
import { authHeaders } from '../../test/auth-helpers';
import type { TestAdapters } from '../../test/test-app';
import { startTwoApiProcesses } from '../../test/two-api-processes';
import { API_KEY_HEADER } from '../identity/auth';
import { signInTokens, tokenRequest } from '../identity/oidc/oidc-flow.test-support';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';

// Two API processes on one database (CI runs this on PostgreSQL too): a deactivation made through one
// is honoured by the other within 5 s, although the other had the user's context and token in its caches.
describe('deactivation across two API processes', () => {
  let a: TestAdapters;
  let appA: App;
  let appB: App;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, appA, appB, close } = await startTwoApiProcesses());
  });
  afterAll(async () => close?.());

  it('refuses the user’s access token and refresh token on the other process within 5 s', async () => {
    const tokens = await signInTokens(appB, a.config.PUBLIC_URL, SALES, DEMO_PASSWORD);
    expect(tokens.status).toBe(200);
    const me = (app: App) =>
      app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${tokens.body.access_token}`, [API_KEY_HEADER]: a.config.API_KEY },
      });
    // Process B has verified the token and keeps the user's context.
    expect((await me(appB)).statusCode).toBe(200);
    expect((await me(appB)).statusCode).toBe(200);

    const started = Date.now();
    const off = await appA.inject({
      method: 'POST',
      url: `/api/user-board/users/${demoUser(SALES).id}/deactivate`,
      headers: await authHeaders(a, MANAGER),
    });
    expect(off.statusCode).toBe(200);
    let status = 200;
    while (status !== 401 && Date.now() - started < 5000) status = (await me(appB)).statusCode;
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
    const refresh = await tokenRequest(appB, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token!,
    });
    expect(refresh.body.error).toBe('invalid_grant');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
