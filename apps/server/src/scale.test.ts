import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app-types';
import { makeShooting } from './modules/shootings/shootings.fixtures';
import { MESSAGES_PER_USER_MINUTE } from './modules/notifications/notifications.service';
import { authorize, codeOf, pkcePair, tokenRequest } from './modules/identity/oidc/oidc-flow.test-support';
import { portalRedirectUri } from './modules/identity/oidc/provider';
import type { Adapters } from './platform/adapters';
import { DEMO_PASSWORD } from './seed/demo-accounts';
import { authHeaders } from './test/auth-helpers';
import type { TestAdapters } from './test/test-app';
import { startTwoApiProcesses } from './test/two-api-processes';

const MANAGER = 'manager@demo.forecourt.test';
const LIST = '/api/shootings?shootingTypes=STANDARD,VIDEO&limit=100&offset=0';
const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};

// Two API processes behind a load balancer: two apps, each with adapters (connections, caches, counters)
// of its own, on one database and one blob store. What one process learns or counts, the other must honour.
describe('two API processes on one database', () => {
  let a: TestAdapters;
  let b: Adapters;
  let appA: App;
  let appB: App;
  let close: (() => Promise<void>) | undefined;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ a, b, appA, appB, close } = await startTwoApiProcesses());
    headers = await authHeaders(a, MANAGER);
  });
  afterAll(async () => close?.());

  it('limits a flood spread over both processes as one (rate-limit counters in the database)', async () => {
    const send = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/EMAIL',
        headers,
        payload: { to: 'buyer@example.com', subject: 'Your car', body: 'Pictures' },
      });
    for (let i = 0; i < MESSAGES_PER_USER_MINUTE; i += 1)
      expect((await send(i % 2 ? appA : appB)).statusCode).toBeLessThan(300);
    const over = [await send(appA), await send(appB)];
    expect(over.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(over[0]!.json().error.code).toBe('RATE_LIMITED');
  });

  it('shows on one process the writes and the rights changed through the other (list and user-context caches)', async () => {
    const ids = async (app: App) => {
      const res = await app.inject({ method: 'GET', url: LIST, headers });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string }[]).map((i) => i.id);
    };
    const before = await ids(appA);
    const s = await makeShooting(b, { ownerId: 'own-demo-lille', images: [{ position: 1, type: 'ORIGINAL' }] });
    expect(await ids(appA)).toEqual(expect.arrayContaining([...before, s.shootingId]));
    await b.db
      .deleteFrom('user_owners')
      .where(
        'user_id',
        '=',
        (await a.db.selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow()).id,
      )
      .where('owner_id', '=', 'own-demo-lille')
      .execute();
    expect(await ids(appA)).not.toContain(s.shootingId);
    expect(await ids(appB)).not.toContain(s.shootingId);
  });

  it('serves on one process the picture links the other signed (presign cache, shared signing secret)', async () => {
    const s = await makeShooting(b, { ownerId: 'own-demo-paris', images: [{ position: 1, type: 'ORIGINAL' }] });
    const detail = await appA.inject({
      method: 'GET',
      url: `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`,
      headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const image = detail.json().images[0] as { url: string; thumbnailUrl: string };
    for (const url of [image.url, image.thumbnailUrl]) {
      const res = await appB.inject({ method: 'GET', url: pathOf(url) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('finishes on one process a sign-in started on the other (OIDC provider state in the database)', async () => {
    const { verifier, challenge } = pkcePair();
    const publicUrl = a.config.PUBLIC_URL;
    const { res } = await authorize(appA, { publicUrl, email: MANAGER, password: DEMO_PASSWORD, challenge });
    expect(res.statusCode).toBe(303);
    const tokens = await tokenRequest(appB, {
      grant_type: 'authorization_code',
      code: codeOf(res.headers.location),
      code_verifier: verifier,
      redirect_uri: portalRedirectUri(publicUrl),
    });
    expect(tokens.status).toBe(200);
    const refreshed = await tokenRequest(appA, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    for (const [app, token] of [
      [appA, tokens.body.access_token],
      [appB, refreshed.body.access_token],
    ] as const) {
      const list = await app.inject({
        method: 'GET',
        url: LIST,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(list.statusCode).toBe(200);
    }
  });
});
