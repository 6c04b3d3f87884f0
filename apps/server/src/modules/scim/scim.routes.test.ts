import { describe, expect, it } from 'vitest';
import { demoUser } from '../../seed/demo-accounts';
import { accessTokenFor, authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { API_KEY_HEADER } from '../identity/auth';

const ADMIN = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const SCIM = 'application/scim+json';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

/**
 * SCIM 2.0 conformance through app.inject: the example requests of RFC 7644 (sections 3.3, 3.4.2, 3.5.1,
 * 3.5.2, 3.6) adapted to our users, the deactivation PATCH shapes of Entra ID and Okta, tenancy and errors.
 */
describe('SCIM 2.0 provisioning', () => {
  const ctx = useTestApp();
  const newToken = async (groupId: string, label = 'Entra ID') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/groups/${groupId}/scim-tokens`,
      headers: await authHeaders(ctx.adapters, ADMIN),
      payload: { label },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; token: string };
  };
  const scim = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    ctx.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': SCIM } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const expectError = (
    res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
    status: number,
    scimType?: string,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toContain(SCIM);
    expect(res.json()).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
  };
  const bjensen = (over: Record<string, unknown> = {}) => ({
    schemas: [USER],
    userName: 'bjensen@demo.forecourt.test',
    externalId: 'bjensen',
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    emails: [{ value: 'bjensen@demo.forecourt.test', type: 'work', primary: true }],
    ...over,
  });

  it('creates, finds, replaces, patches and deletes a user as in RFC 7644’s examples', async () => {
    const { token } = await newToken('grp-demo');
    // 3.3: creation, 201 with Location, no password: the user board's invitation is sent.
    const created = await scim(token, 'POST', '/Users', bjensen());
    expect(created.statusCode).toBe(201);
    expect(String(created.headers['content-type'])).toContain(SCIM);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: [USER],
      userName: 'bjensen@demo.forecourt.test',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      active: true,
      emails: [{ value: 'bjensen@demo.forecourt.test', primary: true }],
      meta: { resourceType: 'User' },
    });
    expect(created.headers.location).toBe(user.meta.location);
    const stored = await ctx.adapters.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ group_id: 'grp-demo', password_hash: null });
    const mail = await ctx.adapters.db
      .selectFrom('notifications_outbox')
      .selectAll()
      .where('recipient', '=', 'bjensen@demo.forecourt.test')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(mail)).toMatch(/\/invitation\//);
    // The same userName again: 409 uniqueness.
    expectError(await scim(token, 'POST', '/Users', bjensen()), 409, 'uniqueness');

    // 3.4.2: filter, ListResponse, paging.
    const found = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "BJensen@demo.forecourt.test"')}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: user.id }],
    });
    const none = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@demo.forecourt.test"')}`,
    );
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const all = (await scim(token, 'GET', '/Users')).json();
    expect(all.totalResults).toBeGreaterThanOrEqual(4);
    const second = (await scim(token, 'GET', '/Users?startIndex=2&count=1')).json();
    expect(second).toMatchObject({ startIndex: 2, itemsPerPage: 1, totalResults: all.totalResults });
    expect(second.Resources[0].id).toBe(all.Resources[1].id);
    expectError(await scim(token, 'GET', `/Users?filter=${encodeURIComponent('title pr')}`), 400, 'invalidFilter');
    expect((await scim(token, 'GET', `/Users/${user.id}`)).json()).toMatchObject({ id: user.id, active: true });

    // 3.5.1: replace.
    const replaced = await scim(
      token,
      'PUT',
      `/Users/${user.id}`,
      bjensen({ name: { givenName: 'Babs', familyName: 'Jensen' } }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Babs', familyName: 'Jensen' }, active: true });
    expectError(
      await scim(token, 'PUT', `/Users/${user.id}`, bjensen({ userName: 'other@demo.forecourt.test' })),
      400,
      'mutability',
    );

    // 3.5.2: patch (replace a sub-attribute by path).
    const patched = await scim(token, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'name.familyName', value: 'Jensen-Smith' }],
    });
    expect(patched.json()).toMatchObject({ name: { givenName: 'Babs', familyName: 'Jensen-Smith' } });
    expectError(
      await scim(token, 'PATCH', `/Users/${user.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'remove', path: 'userName' }],
      }),
      400,
      'mutability',
    );
    expectError(
      await scim(token, 'PATCH', `/Users/${user.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'move', path: 'active' }],
      }),
      400,
      'invalidValue',
    );

    // 3.6: delete deactivates, nothing is deleted.
    const deleted = await scim(token, 'DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await scim(token, 'GET', `/Users/${user.id}`)).json()).toMatchObject({ active: false });
    const kept = await ctx.adapters.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(kept.deactivated_at).not.toBeNull();
    const audit = await ctx.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('target_id', '=', user.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['user.invite', 'user.update', 'user.update', 'user.deactivate']);
    expect(new Set(audit.map((a) => a.actor_label))).toEqual(new Set(['scim:Entra ID']));
  });

  it('deactivates with Entra’s and Okta’s PATCH shapes: the user’s tokens are refused from the next request', async () => {
    const { token } = await newToken('grp-demo', 'Okta');
    const workshop = demoUser('workshop@demo.forecourt.test').id;
    const api = async () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/me/account',
        headers: {
          authorization: `Bearer ${await accessTokenFor(ctx.adapters, workshop)}`,
          [API_KEY_HEADER]: ctx.adapters.config.API_KEY,
        },
      });
    expect((await api()).statusCode).toBe(200);

    const entra = await scim(token, 'PATCH', `/Users/${workshop}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(entra.statusCode).toBe(200);
    expect(entra.json()).toMatchObject({ active: false });
    expect((await api()).statusCode).toBe(401);

    const back = await scim(token, 'PATCH', `/Users/${workshop}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(back.json()).toMatchObject({ active: true });
    expect((await api()).statusCode).toBe(200);

    const okta = await scim(token, 'PATCH', `/Users/${workshop}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(okta.json()).toMatchObject({ active: false });
    expect((await api()).statusCode).toBe(401);
    await scim(token, 'PATCH', `/Users/${workshop}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
  });

  it('maps Groups to the group’s roles: members add and remove manage-users', async () => {
    const { token } = await newToken('grp-demo');
    const workshop = demoUser('workshop@demo.forecourt.test').id;
    const list = (
      await scim(token, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "manage-users"')}`)
    ).json();
    expect(list).toMatchObject({ totalResults: 1, Resources: [{ id: 'manage-users', displayName: 'manage-users' }] });
    const add = await scim(token, 'PATCH', '/Groups/manage-users', {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: workshop }] }],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().members.map((m: { value: string }) => m.value)).toContain(workshop);
    const user = (await scim(token, 'GET', `/Users/${workshop}`)).json();
    expect(user.groups).toEqual([expect.objectContaining({ value: 'manage-users' })]);
    const removed = await scim(token, 'PATCH', '/Groups/manage-users', {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${workshop}"]` }],
    });
    expect(removed.json().members.map((m: { value: string }) => m.value)).not.toContain(workshop);
    // A provider administrator's account is out of provisioning's reach; nothing is written.
    expectError(
      await scim(token, 'PATCH', '/Groups/manage-users', {
        schemas: [PATCH],
        Operations: [{ op: 'remove', path: 'members', value: [{ value: demoUser(ADMIN).id }] }],
      }),
      403,
    );
    expectError(await scim(token, 'GET', '/Groups/owners'), 404);
    expectError(
      await scim(token, 'POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'x',
      }),
      501,
    );
    expectError(await scim(token, 'DELETE', '/Groups/manage-users'), 501);
  });

  it('keeps a token to its own group: another group’s user is 404 whatever the call', async () => {
    const { token } = await newToken('grp-other');
    const sales = demoUser(SALES).id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', bjensen({ userName: SALES })],
      ['PATCH', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }],
      ['DELETE', undefined],
    ] as const)
      expectError(await scim(token, method, `/Users/${sales}`, body), 404);
    const filtered = await scim(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${SALES}"`)}`);
    expect(filtered.json()).toMatchObject({ totalResults: 0 });
    expect(
      (await scim(token, 'GET', '/Users')).json().Resources.map((u: { userName: string }) => u.userName),
    ).not.toContain(SALES);
    expectError(
      await scim(token, 'PATCH', '/Groups/manage-users', {
        schemas: [PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: sales }] }],
      }),
      400,
      'invalidValue',
    );
    expect(
      (
        await ctx.adapters.db
          .selectFrom('users')
          .select('deactivated_at')
          .where('id', '=', sales)
          .executeTakeFirstOrThrow()
      ).deactivated_at,
    ).toBeNull();
  });

  it('refuses a missing, unknown or revoked token with 401; only provider administrators manage tokens', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/scim/v2/Users' }), 401);
    expectError(await scim('fcscim_nope', 'GET', '/Users'), 401);
    const { id, token } = await newToken('grp-demo', 'to revoke');
    expect((await scim(token, 'GET', '/ServiceProviderConfig')).json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/groups/grp-demo/scim-tokens',
      headers: await authHeaders(ctx.adapters, ADMIN),
    });
    expect(JSON.stringify(listed.json())).not.toContain(token);
    expect(listed.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, label: 'to revoke', revokedAt: null })]),
    );
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/settings/groups/grp-demo/scim-tokens/${id}`,
      headers: await authHeaders(ctx.adapters, ADMIN),
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    expectError(await scim(token, 'GET', '/Users'), 401);
    const actions = await ctx.adapters.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['scim-token.create', 'scim-token.revoke']);
    const bySales = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/groups/grp-demo/scim-tokens',
      headers: await authHeaders(ctx.adapters, SALES),
      payload: { label: 'x' },
    });
    expect(bySales.statusCode).toBe(403);
    const unknownGroup = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/groups/grp-nowhere/scim-tokens',
      headers: await authHeaders(ctx.adapters, ADMIN),
    });
    expect(unknownGroup.statusCode).toBe(404);
  });

  it('answers discovery and errors in the RFC’s shape', async () => {
    const { token } = await newToken('grp-demo');
    const types = (await scim(token, 'GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await scim(token, 'GET', '/Schemas')).json();
    expect(schemas.Resources.map((r: { id: string }) => r.id)).toContain(USER);
    expectError(await scim(token, 'POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
    expectError(await scim(token, 'POST', '/Users', bjensen({ userName: 'not-an-email' })), 400, 'invalidValue');
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': SCIM },
      payload: '{"userName":',
    });
    expectError(garbled, 400, 'invalidSyntax');
    expectError(await scim(token, 'GET', '/Users/00000000-0000-4000-8000-000000000000'), 404);
    expectError(await scim(token, 'GET', '/Bulk'), 404);
  });
});
