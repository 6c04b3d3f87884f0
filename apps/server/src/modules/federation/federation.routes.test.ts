import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { authHeaders } from '../../test/auth-helpers';
import { signInTokens } from '../identity/oidc/oidc-flow.test-support';
import { insertPartnerUser, startPartnerIssuer, type PartnerIssuer } from '../../test/partner-issuer';

const RULES = '/api/settings/groups/grp-demo/domain-rules';
const rule = {
  domain: 'partner.test',
  roles: [],
  models: ['VIDEO'],
  options: { useCropping: true },
  ownerIds: ['own-demo-paris'],
  claimName: 'groups',
  claimRoles: [{ value: 'fc-managers', roles: ['manage-users'] }],
};

describe('just-in-time accounts of an external identity provider', () => {
  let issuer: PartnerIssuer;
  let partnerApp: App;
  let partnerUrl: string;
  let forecourt: PartnerIssuer['forecourt'];
  let app: App;
  let admin: Record<string, string>;

  const me = (token: string) => issuer.me(token);
  const sign = (claims: Record<string, unknown>) => issuer.sign(claims);
  const boardUser = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/user-board/users/${id}`, headers: admin })).json();
  const audit = async (action: string) =>
    (await app.inject({ method: 'GET', url: `/api/audit?action=${action}&groupId=grp-demo`, headers: admin })).json<{
      items: Array<{ action: string; targetId: string; before: unknown; after: unknown }>;
    }>().items;

  beforeAll(async () => {
    issuer = await startPartnerIssuer(['partner.test', 'norule.test']);
    ({ partnerApp, partnerUrl, forecourt, app } = issuer);
    // The upstream's own account, with a password there only.
    await insertPartnerUser(issuer.partner, { email: 'alex@partner.test', password: 'partner-secret' });
    admin = await authHeaders(forecourt, 'manager@demo.forecourt.test');
  });
  afterAll(async () => issuer.close());

  it('lets provider staff keep one rule a domain of an external provider, audited, within the group', async () => {
    const sales = await authHeaders(forecourt, 'sales@demo.forecourt.test');
    expect((await app.inject({ method: 'GET', url: RULES, headers: sales })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: RULES, headers: sales, payload: rule })).statusCode).toBe(403);

    const notExternal = await app.inject({
      method: 'POST',
      url: RULES,
      headers: admin,
      payload: { ...rule, domain: 'example.org' },
    });
    expect(notExternal.statusCode).toBe(400);
    expect(notExternal.json().error.details).toMatchObject({ field: 'domain', reason: 'NOT_EXTERNAL' });
    const foreignStock = await app.inject({
      method: 'POST',
      url: RULES,
      headers: admin,
      payload: { ...rule, ownerIds: ['own-other-bordeaux'] },
    });
    expect(foreignStock.statusCode).toBe(400);

    const created = await app.inject({
      method: 'POST',
      url: RULES,
      headers: admin,
      payload: { ...rule, domain: 'Partner.TEST' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      domain: 'partner.test',
      groupId: 'grp-demo',
      updatedBy: 'manager@demo.forecourt.test',
    });
    expect((await app.inject({ method: 'POST', url: RULES, headers: admin, payload: rule })).statusCode).toBe(409);
    // Another group's path does not reach it, nor may it take the domain.
    const other = '/api/settings/groups/grp-other/domain-rules';
    expect((await app.inject({ method: 'GET', url: other, headers: admin })).json().items).toEqual([]);
    expect(
      (await app.inject({ method: 'PUT', url: `${other}/partner.test`, headers: admin, payload: rule })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `${other}/partner.test`, headers: admin })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: other, headers: admin, payload: { ...rule, ownerIds: [] } })).statusCode,
    ).toBe(409);

    const list = (await app.inject({ method: 'GET', url: RULES, headers: admin })).json();
    expect(list.externalDomains).toEqual(['norule.test', 'partner.test']);
    expect(list.items).toHaveLength(1);
    expect(await audit('domain-rule.create')).toHaveLength(1);
  });

  it('creates the account of a first sign-in through the upstream with exactly the rule’s rights', async () => {
    const { status, body } = await signInTokens(partnerApp, partnerUrl, 'alex@partner.test', 'partner-secret');
    expect(status).toBe(200);
    const res = await me(String(body.access_token));
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();
    expect(await boardUser(id)).toMatchObject({
      email: 'alex@partner.test',
      givenName: 'Alex',
      familyName: 'Partner',
      habilitations: [],
      roles: [],
      models: ['VIDEO'],
      ownerIds: ['own-demo-paris'],
      status: 'ACTIVE',
      signIn: 'EXTERNAL',
      options: { useCropping: true, useVideoLive: false, useRestamp: false, vehicleIdentificationMethods: [] },
    });
    const [entry] = await audit('user.jit-create');
    expect(entry).toMatchObject({ targetId: id, after: { email: 'alex@partner.test', ownerIds: ['own-demo-paris'] } });
  });

  it('sets the mapped roles from the groups claim at every sign-in, and keeps the roles it does not map', async () => {
    const first = await me(
      await sign({ email: 'casey@partner.test', name: 'Casey Jones', groups: ['fc-managers', 'x'] }),
    );
    expect(first.statusCode).toBe(200);
    const { id } = first.json<{ id: string }>();
    expect((await boardUser(id)).roles).toEqual(['manage-users']);

    await forecourt.db.updateTable('users').set({ roles: '["manage-users","fleet"]' }).where('id', '=', id).execute();
    expect((await me(await sign({ email: 'casey@partner.test', groups: ['x'] }))).statusCode).toBe(200);
    expect(await boardUser(id)).toMatchObject({ givenName: 'Casey', familyName: 'Jones', roles: ['fleet'] });
    expect((await me(await sign({ email: 'casey@partner.test', groups: 'fc-managers' }))).statusCode).toBe(200);
    expect((await boardUser(id)).roles).toEqual(['fleet', 'manage-users']);
    const changes = (await audit('user.claim-roles')).filter((e) => e.targetId === id);
    expect(changes.map((e) => e.after)).toEqual([{ roles: ['fleet', 'manage-users'] }, { roles: ['fleet'] }]);
  });

  it('refuses a first sign-in whose domain has no rule, and creates nothing', async () => {
    const res = await me(await sign({ email: 'dana@norule.test', groups: ['fc-managers'] }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'NO_DOMAIN_RULE' } });
    const row = await forecourt.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dana@norule.test')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('leaves another group’s account of the domain alone, and refuses new addresses once the rule is deleted', async () => {
    const id = randomUUID();
    await forecourt.db
      .insertInto('users')
      .values({
        id,
        email: 'erin@partner.test',
        password_hash: null,
        given_name: 'Erin',
        family_name: 'Other',
        locale: 'en',
        group_id: 'grp-other',
        habilitations: '[]',
        roles: '[]',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await me(await sign({ email: 'erin@partner.test', groups: ['fc-managers'] }))).statusCode).toBe(200);
    const erin = await forecourt.db
      .selectFrom('users')
      .select(['roles', 'group_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(erin).toEqual({ roles: '[]', group_id: 'grp-other' });

    expect((await app.inject({ method: 'DELETE', url: `${RULES}/partner.test`, headers: admin })).statusCode).toBe(204);
    expect(await audit('domain-rule.delete')).toHaveLength(1);
    const refused = await me(await sign({ email: 'fred@partner.test' }));
    expect(refused.json().error.details).toEqual({ reason: 'NO_DOMAIN_RULE' });
  });
});
