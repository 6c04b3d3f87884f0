import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '../identity/auth';
import { signInTokens, tokenRequest } from '../identity/oidc/oidc-flow.test-support';
import { DEMO_PASSWORD, demoUser } from '../../seed/demo-accounts';
import { accessTokenFor, authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { boardCalls, invitee } from './user-board.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

const rights = invitee;

describe('the user board API', () => {
  const ctx = useTestApp();
  const { call, callAs } = boardCalls(ctx);
  const lastMailTo = async (to: string) =>
    ctx.adapters.db
      .selectFrom('notifications_outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  const linkIn = (text: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('lists and searches the group’s users by name or e-mail, paged; needs manage-users', async () => {
    const all = await call(MANAGER, 'GET', '/api/user-board/users');
    expect(all.statusCode).toBe(200);
    const emails = all.json().items.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([MANAGER, SALES, 'workshop@demo.forecourt.test']));
    expect(emails).not.toContain(OTHER);
    const found = await call(MANAGER, 'GET', '/api/user-board/users?q=bern');
    expect(found.json()).toMatchObject({ total: 1, items: [{ email: SALES, status: 'ACTIVE', signIn: 'EMBEDDED' }] });
    expect((await call(MANAGER, 'GET', '/api/user-board/users?q=WORKSHOP@')).json().total).toBe(1);
    expect((await call(MANAGER, 'GET', '/api/user-board/users?q=lucas%20bern')).json().total).toBe(1);
    const page = await call(MANAGER, 'GET', '/api/user-board/users?page=1&pageSize=2');
    expect(page.json().items).toHaveLength(1);
    expect((await call(SALES, 'GET', '/api/user-board/users')).statusCode).toBe(403);
  });

  it('answers 404 for another group’s user, whatever the call', async () => {
    const sales = demoUser(SALES).id;
    for (const [method, url, body] of [
      ['GET', `/api/user-board/users/${sales}`, undefined],
      ['PUT', `/api/user-board/users/${sales}`, rights()],
      ['POST', `/api/user-board/users/${sales}/deactivate`, undefined],
      ['POST', `/api/user-board/users/${sales}/reactivate`, undefined],
      ['POST', `/api/user-board/users/${sales}/invitation`, undefined],
    ] as const) {
      const res = await call(OTHER, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor can a stock of another group be given.
    const res = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...rights({ ownerIds: ['own-other-bordeaux'] }),
      email: 'cross@demo.forecourt.test',
    });
    expect(res.statusCode).toBe(400);
  });

  it('invites by e-mail: the outbox holds a 7-day link; the invitee sets a password and signs in; the link then dies', async () => {
    const res = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...rights(),
      email: 'Nora@Demo.Forecourt.test',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'nora@demo.forecourt.test',
      status: 'INVITED',
      ownerIds: ['own-demo-paris'],
    });
    const entry = await ctx.adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.invite')
      .where('target_id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ email: 'nora@demo.forecourt.test', models: ['VIDEO'] });
    const days = (Date.parse(res.json().invitationExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await lastMailTo('nora@demo.forecourt.test');
    expect(mail.subject).toBe('Your Forecourt account for Garage Demo Group');
    const token = linkIn(mail.body_text);
    expect(mail.body_text).toContain(`${ctx.adapters.config.PUBLIC_URL}/invitation/${token}`);

    const info = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(info.json()).toMatchObject({ email: 'nora@demo.forecourt.test', givenName: 'Nora' });
    const short = await ctx.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const set = await ctx.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'a long new password' },
    });
    expect(set.statusCode).toBe(200);
    const tokens = await signInTokens(
      ctx.app,
      ctx.adapters.config.PUBLIC_URL,
      'nora@demo.forecourt.test',
      'a long new password',
    );
    expect(tokens.status).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.body.access_token}`, [API_KEY_HEADER]: ctx.adapters.config.API_KEY },
    });
    expect(me.json().email).toBe('nora@demo.forecourt.test');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect((await call(MANAGER, 'GET', `/api/user-board/users/${res.json().id}`)).json().status).toBe('ACTIVE');
    // The same e-mail cannot be invited twice, whatever its letter case; the refusal names the field.
    const twice = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...rights(),
      email: 'Nora@Demo.forecourt.test',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toEqual({ reason: 'EMAIL_TAKEN', field: 'email' });
  });

  it('resends an invitation with a new link; the old one stops working', async () => {
    const res = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...rights(),
      email: 'resend@demo.forecourt.test',
    });
    const first = linkIn((await lastMailTo('resend@demo.forecourt.test')).body_text);
    expect((await call(MANAGER, 'POST', `/api/user-board/users/${res.json().id}/invitation`)).statusCode).toBe(200);
    const second = linkIn((await lastMailTo('resend@demo.forecourt.test')).body_text);
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${first}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${second}` })).statusCode).toBe(200);
  });

  it('refuses every right a manager does not hold: roles, options, models, stocks, habilitations', async () => {
    // A manager with fewer rights than the demo manager, made through the board itself.
    const sub = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...rights({ roles: ['manage-users'], options: { useSendEmail: true, vehicleIdentificationMethods: ['VIN'] } }),
      email: 'submanager@demo.forecourt.test',
    });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().id as string;
    const invite = (over: Record<string, unknown>) =>
      callAs(subId, 'POST', '/api/user-board/users', {
        ...rights(over),
        email: `esc-${Math.random()}@demo.forecourt.test`,
      });
    const refused = async (over: Record<string, unknown>, field: string, value: string) => {
      const res = await invite(over);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.details).toContainEqual({ field, value });
    };
    await refused({ roles: ['manage-users', 'super-admin'] }, 'roles', 'super-admin');
    await refused({ options: { useCropping: true } }, 'options', 'useCropping');
    await refused(
      { options: { vehicleIdentificationMethods: ['REGISTRATION'] } },
      'options',
      'vehicleIdentificationMethods:REGISTRATION',
    );
    await refused({ models: ['INSPECT'] }, 'models', 'INSPECT');
    await refused({ ownerIds: ['own-demo-lyon'] }, 'ownerIds', 'own-demo-lyon');
    await refused({ habilitations: ['SALES'] }, 'habilitations', 'SALES');
    // Nothing refused was written.
    const escaped = await ctx.adapters.db.selectFrom('users').select('id').where('email', 'like', 'esc-%').execute();
    expect(escaped).toHaveLength(0);
    // Within their rights, they may invite; they cannot touch an account holding a habilitation they lack.
    expect((await invite({ roles: ['manage-users'] })).statusCode).toBe(201);
    const onManager = await callAs(subId, 'PUT', `/api/user-board/users/${demoUser(MANAGER).id}`, rights());
    expect(onManager.statusCode).toBe(403);
    expect((await callAs(subId, 'POST', `/api/user-board/users/${demoUser(MANAGER).id}/deactivate`)).statusCode).toBe(
      403,
    );
    // Editing an account keeps the stocks the editor does not reach.
    const workshop = demoUser('workshop@demo.forecourt.test').id;
    const edited = await callAs(subId, 'PUT', `/api/user-board/users/${workshop}`, rights({ models: [], options: {} }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().ownerIds).toEqual(['own-demo-lille', 'own-demo-lyon', 'own-demo-paris']);
    // A provider administrator sets habilitations.
    const byAdmin = await call(
      MANAGER,
      'PUT',
      `/api/user-board/users/${workshop}`,
      rights({ habilitations: ['SALES'] }),
    );
    expect(byAdmin.json().habilitations).toEqual(['SALES']);
  });

  it('deactivates: the user’s access token, refresh token and password are refused at once; reactivates', async () => {
    const tokens = await signInTokens(ctx.app, ctx.adapters.config.PUBLIC_URL, SALES, DEMO_PASSWORD);
    expect(tokens.status).toBe(200);
    const me = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${tokens.body.access_token}`, [API_KEY_HEADER]: ctx.adapters.config.API_KEY },
      });
    expect((await me()).statusCode).toBe(200);
    const id = demoUser(SALES).id;
    const own = await call(MANAGER, 'POST', `/api/user-board/users/${demoUser(MANAGER).id}/deactivate`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.details).toEqual({ reason: 'OWN_ACCOUNT' });
    const off = await call(MANAGER, 'POST', `/api/user-board/users/${id}/deactivate`);
    expect(off.json().status).toBe('DEACTIVATED');
    expect((await me()).statusCode).toBe(401);
    const refresh = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token!,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await signInTokens(ctx.app, ctx.adapters.config.PUBLIC_URL, SALES, DEMO_PASSWORD)).status).not.toBe(200);

    const audit = await ctx.adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.deactivate')
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_label: MANAGER, group_id: 'grp-demo' });
    const on = await call(MANAGER, 'POST', `/api/user-board/users/${id}/reactivate`);
    expect(on.json().status).toBe('ACTIVE');
    expect((await signInTokens(ctx.app, ctx.adapters.config.PUBLIC_URL, SALES, DEMO_PASSWORD)).status).toBe(200);
  });

  describe('CSV import', () => {
    const post = async (csv: string, dryRun: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/user-board/import?dryRun=${dryRun}`,
        headers: await authHeaders(ctx.adapters, MANAGER),
        payload: { csv },
      });
    const count = async () =>
      Number(
        (
          await ctx.adapters.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('dry run: says per line what would change, or what is wrong (line, field, reason), and writes nothing', async () => {
      const before = await count();
      const good = [
        'email,givenName,familyName,locale,roles,models,options,stocks',
        'csv1@demo.forecourt.test,Ana,One,fr,,VIDEO;PROCESS,useSendEmail,Demo Motors Paris',
        `${SALES},Lucas,Bernard,fr,,VIDEO,useSendEmail;useSendSms,own-demo-paris;Demo Motors Lyon`,
      ].join('\n');
      const dry = await post(good, true);
      expect(dry.statusCode).toBe(200);
      expect(dry.json()).toMatchObject({
        dryRun: true,
        applied: false,
        errors: [],
        changes: [
          { line: 2, email: 'csv1@demo.forecourt.test', action: 'CREATE' },
          { line: 3, email: SALES, action: 'UPDATE', fields: ['models'] },
        ],
      });
      const bad = [
        'email,givenName,familyName,models,stocks',
        'not-an-email,A,B,VIDEO,',
        `${OTHER},O,L,,`,
        'ok@demo.forecourt.test,,B,SPACESHIP,Nowhere',
      ].join('\n');
      const res = await post(bad, true);
      expect(res.json().errors).toEqual([
        { line: 2, field: 'email', reason: 'invalidEmail', value: 'not-an-email' },
        { line: 3, field: 'email', reason: 'otherGroup', value: OTHER },
        { line: 4, field: 'givenName', reason: 'required' },
        { line: 4, field: 'models', reason: 'unknownValue', value: 'SPACESHIP' },
        { line: 4, field: 'stocks', reason: 'unknownValue', value: 'Nowhere' },
      ]);
      expect(await count()).toBe(before);
    });

    it('all or nothing: one bad line writes no line; a valid file is written whole and invites the new users', async () => {
      const before = await count();
      const lines = ['email,givenName,familyName,models'];
      for (let i = 0; i < 20; i += 1) lines.push(`bulk${i}@demo.forecourt.test,Bulk,User${i},VIDEO`);
      const refused = await post([...lines, 'bulk-bad@demo.forecourt.test,Bad,Line,INSPECT;NOPE'].join('\n'), false);
      expect(refused.json()).toMatchObject({
        applied: false,
        errors: [{ line: 22, field: 'models', reason: 'unknownValue' }],
      });
      expect(await count()).toBe(before);
      const applied = await post(lines.join('\n'), false);
      expect(applied.json()).toMatchObject({ applied: true, errors: [] });
      expect(await count()).toBe(before + 20);
      expect(linkIn((await lastMailTo('bulk7@demo.forecourt.test')).body_text)).not.toBe('');
      // Escalation in a file is refused per line like in the form.
      const sub = await ctx.adapters.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'submanager@demo.forecourt.test')
        .executeTakeFirstOrThrow();
      {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/user-board/import?dryRun=true',
          headers: {
            authorization: `Bearer ${await accessTokenFor(ctx.adapters, sub.id)}`,
            [API_KEY_HEADER]: ctx.adapters.config.API_KEY,
          },
          payload: { csv: 'email,givenName,familyName,options\nx1@demo.forecourt.test,X,Y,useCropping\n' },
        });
        expect(res.json().errors).toEqual([{ line: 2, field: 'options', reason: 'notGranted', value: 'useCropping' }]);
      }
    });
  });
});
