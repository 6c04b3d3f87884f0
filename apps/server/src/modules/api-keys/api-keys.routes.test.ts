import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { makeShooting } from '../shootings/shootings.fixtures';

const ADMIN = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const GROUP = 'grp-demo';

describe('API keys', () => {
  const clock = new TestClock('2026-11-01T10:00:00.000Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  const shootings: Record<string, string> = {};

  beforeAll(async () => {
    adapters = await createTestAdapters({ API_KEY_RATE_LIMIT: '5' }, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    for (const owner of ['own-demo-paris', 'own-demo-lyon', 'own-other-bordeaux'])
      shootings[owner] = (await makeShooting(adapters, { ownerId: owner })).shootingId;
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const create = async (body: object, email = ADMIN, groupId = GROUP) =>
    app.inject({
      method: 'POST',
      url: `/api/settings/groups/${groupId}/api-keys`,
      headers: await authHeaders(adapters, email),
      payload: body,
    });
  const newKey = async (body: object) => {
    const res = await create({ label: 'DMS', ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string; hint: string };
  };
  const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, payload });

  it('is shown once, stored hashed, and listed with its hint, scopes and last use', async () => {
    const created = await newKey({ scopes: ['shootings:read'] });
    expect(created.key).toMatch(/^fck_[\w-]{43}$/);
    expect(created.key.startsWith(created.hint)).toBe(true);
    const row = await adapters.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));
    expect((await call(created.key, 'GET', '/api/shootings')).statusCode).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: `/api/settings/groups/${GROUP}/api-keys`,
      headers: await authHeaders(adapters, ADMIN),
    });
    const listed = (list.json() as { items: Array<Record<string, unknown>> }).items.find((k) => k.id === created.id)!;
    expect(listed).toMatchObject({ scopes: ['shootings:read'], ownerIds: null, lastUsedAt: clock.now().toISOString() });
    expect(listed).not.toHaveProperty('key');
  });

  it('reaches only its scopes’ routes: others answer 403, whatever the portal user could do', async () => {
    const { key } = await newKey({ scopes: ['shootings:read'] });
    expect((await call(key, 'GET', '/api/shootings')).statusCode).toBe(200);
    expect((await call(key, 'GET', '/api/users/me')).statusCode).toBe(200);
    const write = await call(key, 'POST', '/api/products/virtuals', {
      vin: 'Virtual_0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a9999',
      ownerId: 'own-demo-paris',
      registration: 'AB-123-CD',
      workflows: ['PHOTO'],
    });
    expect(write.statusCode).toBe(403);
    expect((await call(key, 'GET', `/api/settings/groups/${GROUP}/api-keys`)).statusCode).toBe(403);
    expect((await call(key, 'GET', '/api/audit')).statusCode).toBe(403);

    const writer = await newKey({ scopes: ['shootings:write'] });
    const product = await call(writer.key, 'POST', '/api/products/virtuals', {
      vin: 'Virtual_0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a9999',
      ownerId: 'own-demo-paris',
      registration: 'AB-123-CD',
      workflows: ['PHOTO'],
    });
    expect(product.statusCode).toBe(201);
    expect((await call(writer.key, 'GET', '/api/shootings')).statusCode).toBe(403);
  });

  it('sees its group’s stocks, or only those it is limited to; a foreign shooting is 404', async () => {
    const all = await newKey({ scopes: ['shootings:read'] });
    const ids = (res: { json(): unknown }) => (res.json() as { items: Array<{ id: string }> }).items.map((s) => s.id);
    const everything = ids(await call(all.key, 'GET', '/api/shootings'));
    expect(everything).toEqual(expect.arrayContaining([shootings['own-demo-paris'], shootings['own-demo-lyon']]));
    expect(everything).not.toContain(shootings['own-other-bordeaux']);

    const lyon = await newKey({ scopes: ['shootings:read'], ownerIds: ['own-demo-lyon'] });
    expect(ids(await call(lyon.key, 'GET', '/api/shootings'))).toEqual([shootings['own-demo-lyon']]);
    const me = (await call(lyon.key, 'GET', '/api/users/me')).json() as { id: string };
    const owners = await call(lyon.key, 'GET', `/api/external/legacy/users/${me.id}/owners`);
    expect(JSON.stringify(owners.json())).toContain('own-demo-lyon');
    expect(JSON.stringify(owners.json())).not.toContain('own-demo-paris');

    const detail = (await adapters.db
      .selectFrom('shootings')
      .select(['owner_id', 'product_id'])
      .where('id', '=', shootings['own-demo-paris']!)
      .executeTakeFirstOrThrow()) as { owner_id: string; product_id: string };
    const url = `/api/owners/${detail.owner_id}/products/${detail.product_id}/shootings/${shootings['own-demo-paris']}`;
    expect((await call(all.key, 'GET', url)).statusCode).toBe(200);
    expect((await call(lyon.key, 'GET', url)).statusCode).toBe(404);
    // A feed system reads a marketplace's readiness and its CSV feed, in the key's stocks only.
    const paris = shootings['own-demo-paris']!;
    expect((await call(all.key, 'GET', `/api/shootings/${paris}/marketplaces`)).statusCode).toBe(200);
    // This shooting has no pictures yet: the key reached the export, which says so.
    const feed = await call(all.key, 'GET', `/api/shootings/${paris}/marketplaces/mobile-de/export?format=csv`);
    expect(feed.statusCode).toBe(400);
    expect(feed.json().error.message).toBe('This shooting has no pictures yet');
    expect((await call(lyon.key, 'GET', `/api/shootings/${paris}/marketplaces`)).statusCode).toBe(404);

    expect(
      (await create({ label: 'x', scopes: ['shootings:read'], ownerIds: ['own-other-bordeaux'] })).statusCode,
    ).toBe(400);
  });

  it('stops working once revoked or expired, at once', async () => {
    const revoked = await newKey({ scopes: ['shootings:read'] });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/settings/groups/${GROUP}/api-keys/${revoked.id}`,
      headers: await authHeaders(adapters, ADMIN),
    });
    expect(del.json()).toMatchObject({ revokedAt: clock.now().toISOString() });
    expect((await call(revoked.key, 'GET', '/api/shootings')).statusCode).toBe(401);

    const expiring = await newKey({
      scopes: ['shootings:read'],
      expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect((await call(expiring.key, 'GET', '/api/shootings')).statusCode).toBe(200);
    clock.advance(3_600_000);
    expect((await call(expiring.key, 'GET', '/api/shootings')).statusCode).toBe(401);
    expect(
      (await create({ label: 'late', scopes: ['shootings:read'], expiresAt: '2020-01-01T00:00:00Z' })).statusCode,
    ).toBe(400);
    expect((await call('fck_unknown', 'GET', '/api/shootings')).statusCode).toBe(401);
  });

  it('is limited per key, and every use is in the audit log', async () => {
    const limited = await newKey({ scopes: ['shootings:read'] });
    const other = await newKey({ scopes: ['shootings:read'] });
    for (let n = 0; n < 5; n += 1) expect((await call(limited.key, 'GET', '/api/shootings')).statusCode).toBe(200);
    const refused = await call(limited.key, 'GET', '/api/shootings');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(other.key, 'GET', '/api/shootings')).statusCode).toBe(200);
    const uses = await adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'api-key.use')
      .where('target_id', '=', limited.id)
      .execute();
    expect(uses).toHaveLength(5);
    expect(uses[0]).toMatchObject({ group_id: GROUP, actor_label: 'api-key:DMS' });
    expect(JSON.parse(uses[0]!.after!)).toMatchObject({ method: 'GET', route: '/api/shootings' });
  });

  it('is documented at /api/docs: the bearer scheme, the routes of each scope and a curl example per common task', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const guide = doc.info.description;
    for (const scope of ['shootings:read', 'shootings:write', 'webhooks:manage', 'engagement:read'])
      expect(guide).toContain(`**${scope}**`);
    // One worked example per common task, each a curl command with the key.
    const examples = guide.split('```sh').slice(1);
    for (const task of [
      '/api/shootings?',
      '/api/products/virtuals',
      '/generate_presigned_urls',
      '/api/users/$ME/statistics',
      '/webhooks"',
      '/export?format=zip',
    ])
      expect(
        examples.some((e) => e.includes('curl -H "Authorization: Bearer $KEY"') && e.includes(task)),
        task,
      ).toBe(true);
  });

  it('is managed by the settings’ administrators only', async () => {
    expect((await create({ label: 'x', scopes: ['shootings:read'] }, SALES)).statusCode).toBe(403);
    expect((await create({ label: 'x', scopes: ['shootings:read'] }, ADMIN, 'grp-nope')).statusCode).toBe(404);
    expect((await create({ label: 'x', scopes: ['everything'] })).statusCode).toBe(400);
  });
});
