import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor } from '../../test/auth-helpers';
import { startTestApp } from '../../test/start-test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { API_KEY_HEADER } from '../identity/auth';

const ADMIN = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const MANAGER_ID = '7d1c0a52-3b7e-4c55-9a10-000000000076';
const WHOLE_ID = '7d1c0a52-3b7e-4c55-9a10-000000000077';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// A dealer group's own manager (manage-users, no provider habilitation) runs their group's keys and webhooks
// (decision 0076); the settings' administrators keep every group.
describe('integrations of a group, by its manager', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  /** An account of a group written straight to the database; a numeric id is a legacy account. */
  const account = async (id: string, roles: string[], ownerIds: string[], groupId = 'grp-demo') => {
    await ctx.adapters.db
      .insertInto('users')
      .values({
        id,
        email: `${id}@demo.forecourt.test`,
        password_hash: null,
        given_name: 'Iris',
        family_name: 'Manager',
        locale: 'en',
        group_id: groupId,
        habilitations: '[]',
        roles: JSON.stringify(roles),
        created_at: ctx.adapters.clock.now().toISOString(),
      })
      .execute();
    for (const owner_id of ownerIds)
      await ctx.adapters.db.insertInto('user_owners').values({ user_id: id, owner_id }).execute();
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ctx = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    // Reaches Paris and Lyon, not Lille.
    await account(MANAGER_ID, ['manage-users'], ['own-demo-paris', 'own-demo-lyon']);
    await account(WHOLE_ID, ['manage-users'], ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille']);
    await account('40076', ['manage-users'], ['own-demo-paris']);
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  const headersOf = async (who: string) =>
    who.includes('@')
      ? ctx.headers(who)
      : {
          authorization: `Bearer ${await accessTokenFor(ctx.adapters, who)}`,
          [API_KEY_HEADER]: ctx.adapters.config.API_KEY,
        };
  const call = async (who: string, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/settings/groups/${url}`, headers: await headersOf(who), payload });

  it('lets the manager create, list and revoke their group’s keys, within the stocks they reach', async () => {
    const choices = await call(MANAGER_ID, 'GET', 'grp-demo/api-keys/stocks');
    expect(choices.json()).toEqual({
      items: [
        { id: 'own-demo-lyon', name: 'Demo Motors Lyon' },
        { id: 'own-demo-paris', name: 'Demo Motors Paris' },
      ],
      openToNewStocks: false,
    });
    // None chosen: the stocks the manager reaches, pinned; never the whole group.
    const pinned = await call(MANAGER_ID, 'POST', 'grp-demo/api-keys', { label: 'DMS', scopes: ['shootings:read'] });
    expect(pinned.statusCode).toBe(201);
    const key = pinned.json() as { id: string; key: string; ownerIds: string[]; createdBy: string };
    expect(key.ownerIds).toEqual(['own-demo-lyon', 'own-demo-paris']);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(me.json()).toMatchObject({ id: MANAGER_ID, groupId: 'grp-demo' });

    const lyon = await call(MANAGER_ID, 'POST', 'grp-demo/api-keys', {
      label: 'Lyon feed',
      scopes: ['shootings:read'],
      ownerIds: ['own-demo-lyon'],
    });
    expect(lyon.json()).toMatchObject({ ownerIds: ['own-demo-lyon'] });
    // Lille is the group's but not the manager's: no escalation through a key.
    const lille = await call(MANAGER_ID, 'POST', 'grp-demo/api-keys', {
      label: 'Lille',
      scopes: ['shootings:read'],
      ownerIds: ['own-demo-lille'],
    });
    expect(lille.statusCode).toBe(403);
    expect(lille.json()).toMatchObject({ error: { details: [{ field: 'ownerIds', value: 'own-demo-lille' }] } });
    const foreign = await call(MANAGER_ID, 'POST', 'grp-demo/api-keys', {
      label: 'Bordeaux',
      scopes: ['shootings:read'],
      ownerIds: ['own-other-bordeaux'],
    });
    expect(foreign.statusCode).toBe(400);

    const list = (await call(MANAGER_ID, 'GET', 'grp-demo/api-keys')).json() as { items: Array<{ id: string }> };
    expect(list.items.map((k) => k.id)).toContain(key.id);
    expect((await call(MANAGER_ID, 'DELETE', `grp-demo/api-keys/${key.id}`)).json()).toMatchObject({
      revokedAt: expect.any(String),
    });
    const audit = await ctx.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', key.id)
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      { action: 'api-key.create', actor_id: MANAGER_ID },
      { action: 'api-key.revoke', actor_id: MANAGER_ID },
      { action: 'api-key.use', actor_id: null },
    ]);
  });

  it('lets a manager of every stock run the group’s webhook endpoints: add, test, log, replay, rotate, disable, delete', async () => {
    // Endpoints hear of every stock: a manager (or a key) of some stocks only is refused.
    expect((await call(MANAGER_ID, 'GET', 'grp-demo/webhooks')).statusCode).toBe(403);
    expect((await call(MANAGER_ID, 'POST', 'grp-demo/webhooks', { url: receiver.url })).statusCode).toBe(403);
    const partial = (
      await call(MANAGER_ID, 'POST', 'grp-demo/api-keys', { label: 'Hooks', scopes: ['webhooks:manage'] })
    ).json() as { key: string };
    const byKey = (key: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/settings/groups/grp-demo/webhooks',
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await byKey(partial.key)).statusCode).toBe(403);
    const whole = (
      await call(WHOLE_ID, 'POST', 'grp-demo/api-keys', { label: 'Hooks', scopes: ['webhooks:manage'] })
    ).json() as { key: string };
    expect((await byKey(whole.key)).statusCode).toBe(200);

    const created = await call(WHOLE_ID, 'POST', 'grp-demo/webhooks', { url: receiver.url });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json() as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const one = `grp-demo/webhooks/${id}`;
    const test = await call(WHOLE_ID, 'POST', `${one}/test`);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'delivered' });
    const log = (await call(WHOLE_ID, 'GET', `${one}/deliveries`)).json() as { items: Array<{ id: string }> };
    expect(log.items).toHaveLength(1);
    expect((await call(WHOLE_ID, 'POST', `${one}/deliveries/${log.items[0]!.id}/replay`)).statusCode).toBe(200);
    const rotated = (await call(WHOLE_ID, 'POST', `${one}/rotate-secret`)).json() as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    const off = await call(WHOLE_ID, 'PUT', one, { url: receiver.url, enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    expect(((await call(WHOLE_ID, 'GET', 'grp-demo/webhooks')).json() as { items: unknown[] }).items).toHaveLength(1);
    expect((await call(WHOLE_ID, 'DELETE', one)).statusCode).toBe(204);
  });

  it('names every stock of the group’s keys for a manager, also one they do not reach', async () => {
    const lille = await call(ADMIN, 'POST', 'grp-demo/api-keys', {
      label: 'Lille DMS',
      scopes: ['shootings:read'],
      ownerIds: ['own-demo-lille'],
    });
    expect(lille.statusCode).toBe(201);
    const listed = (await call(MANAGER_ID, 'GET', 'grp-demo/api-keys')).json() as {
      items: Array<{ label: string; ownerIds: string[] | null }>;
      stocks: Array<{ id: string; name: string }>;
    };
    expect(listed.items.find((k) => k.label === 'Lille DMS')?.ownerIds).toEqual(['own-demo-lille']);
    expect(listed.stocks).toContainEqual({ id: 'own-demo-lille', name: 'Demo Motors Lille' });
  });

  it('lets a group’s manager copy, edit and delete their group’s marketplace profiles, not another group’s', async () => {
    const copy = await call(MANAGER_ID, 'POST', 'grp-demo/marketplace-profiles', { baseId: 'mobile-de', name: 'Ours' });
    expect(copy.statusCode).toBe(201);
    const profile = copy.json() as { id: string; rules: Record<string, unknown> };
    const url = `grp-demo/marketplace-profiles/${profile.id}`;
    const rules = { ...profile.rules, lead: 'front_three_quarter', plateCovered: true };
    expect((await call(MANAGER_ID, 'PUT', url, { name: 'Ours', rules })).json()).toMatchObject({ rules });
    const listed = (await call(MANAGER_ID, 'GET', 'grp-demo/marketplace-profiles')).json() as { items: unknown[] };
    expect(listed.items).toHaveLength(5);
    expect((await call(MANAGER_ID, 'GET', 'grp-other/marketplace-profiles')).statusCode).toBe(404);
    expect(
      (await call(MANAGER_ID, 'POST', 'grp-other/marketplace-profiles', { baseId: 'mobile-de', name: 'x' })).statusCode,
    ).toBe(404);
    for (const who of [SALES, '40076'])
      expect((await call(who, 'PUT', url, { name: 'x', rules })).statusCode, who).toBe(403);
    expect((await call(MANAGER_ID, 'DELETE', url)).statusCode).toBe(204);
    // Each change is in the group's audit log, by the manager, with the rules before and after.
    const entries = await ctx.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'group_id', 'after'])
      .where('target_id', '=', profile.id)
      .orderBy('action')
      .execute();
    expect(entries.map((e) => [e.action, e.actor_id, e.group_id])).toEqual([
      ['marketplace-profile.copy', MANAGER_ID, 'grp-demo'],
      ['marketplace-profile.delete', MANAGER_ID, 'grp-demo'],
      ['marketplace-profile.update', MANAGER_ID, 'grp-demo'],
    ]);
    expect(JSON.parse(entries[2]!.after!)).toMatchObject({ rules: { lead: 'front_three_quarter' } });
  });

  it('answers 404 for another group, 403 without manage-users or on a legacy account', async () => {
    const other = await call(ADMIN, 'POST', 'grp-other/webhooks', { url: receiver.url });
    const otherId = (other.json() as { id: string }).id;
    for (const [method, url] of [
      ['GET', 'grp-other/api-keys'],
      ['GET', 'grp-other/api-keys/stocks'],
      ['POST', 'grp-other/api-keys'],
      ['GET', 'grp-other/webhooks'],
      ['POST', 'grp-other/webhooks'],
      ['POST', `grp-other/webhooks/${otherId}/test`],
      ['GET', `grp-other/webhooks/${otherId}/deliveries`],
      // The other group's endpoint named under the manager's own group: not theirs either.
      ['POST', `grp-demo/webhooks/${otherId}/rotate-secret`],
    ] as const)
      // Another group is 404 before anything else; the other endpoint under their own group, for the manager who
      // may run its endpoints.
      for (const who of url.startsWith('grp-other') ? [MANAGER_ID, WHOLE_ID] : [WHOLE_ID]) {
        const body = { label: 'x', scopes: ['shootings:read'], url: receiver.url };
        expect((await call(who, method, url, body)).statusCode, `${who} ${url}`).toBe(404);
      }
    for (const who of [SALES, '40076']) {
      expect((await call(who, 'GET', 'grp-demo/api-keys')).statusCode, who).toBe(403);
      expect((await call(who, 'POST', 'grp-demo/webhooks', { url: receiver.url })).statusCode, who).toBe(403);
    }
    // The provider's staff keep every group, and keys open to the group's future stocks.
    const staff = await call(ADMIN, 'POST', 'grp-other/api-keys', { label: 'Staff', scopes: ['shootings:read'] });
    expect(staff.json()).toMatchObject({ groupId: 'grp-other', ownerIds: null });
    expect((await call(ADMIN, 'GET', 'grp-other/api-keys/stocks')).json()).toMatchObject({ openToNewStocks: true });
    expect((await call(ADMIN, 'DELETE', `grp-other/webhooks/${otherId}`)).statusCode).toBe(204);
  });
});
