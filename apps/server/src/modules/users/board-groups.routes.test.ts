import { describe, expect, it } from 'vitest';
import { demoUser } from '../../seed/demo-accounts';
import { useTestApp } from '../../test/test-app';
import { boardCalls, invitee } from './user-board.fixtures';

// Issue 29: a provider administrator invites the first manager of another dealer group from the board
// (`?group=`); nobody else reaches another group's board, and the escalation rules hold there too.
const ADMIN = 'manager@demo.forecourt.test'; // provider administrator of grp-demo
const OTHER_ADMIN = 'other@other-dealer.forecourt.test'; // provider administrator of grp-other

const rights = (over: Record<string, unknown> = {}) =>
  invitee({
    givenName: 'Mona',
    familyName: 'Manager',
    roles: ['manage-users'],
    ownerIds: ['own-other-bordeaux'],
    ...over,
  });

describe('the user board of another dealer group', () => {
  const ctx = useTestApp();
  const { call, callAs } = boardCalls(ctx);

  it('a provider administrator lists it and invites its manager with its stocks; the mail names it', async () => {
    const list = await call(ADMIN, 'GET', '/api/user-board/users?group=grp-other');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((u: { email: string }) => u.email)).toEqual([OTHER_ADMIN]);
    // The stocks offered are the group's, though the administrator holds none of them.
    const grants = await call(ADMIN, 'GET', '/api/user-board/grants?group=grp-other');
    expect(grants.json().stocks).toEqual([{ id: 'own-other-bordeaux', name: 'Other Dealer Bordeaux' }]);
    expect(grants.json().setsHabilitations).toBe(true);

    const invited = await call(ADMIN, 'POST', '/api/user-board/users?group=grp-other', {
      ...rights(),
      email: 'mona@other-dealer.forecourt.test',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      status: 'INVITED',
      roles: ['manage-users'],
      ownerIds: ['own-other-bordeaux'],
    });
    const row = await ctx.adapters.db
      .selectFrom('users')
      .select('group_id')
      .where('email', '=', 'mona@other-dealer.forecourt.test')
      .executeTakeFirstOrThrow();
    expect(row.group_id).toBe('grp-other');
    // The e-mail invites into that group; it is the administrator's message, in their own outbox.
    const mail = await ctx.adapters.db
      .selectFrom('notifications_outbox')
      .selectAll()
      .where('recipient', '=', 'mona@other-dealer.forecourt.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Forecourt account for Other Dealer Group');
    const outbox = await call(ADMIN, 'GET', '/api/notifications/outbox');
    expect(outbox.json().items.map((m: { recipient: string }) => m.recipient)).toContain(
      'mona@other-dealer.forecourt.test',
    );
    const audit = await ctx.adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.invite')
      .where('target_id', '=', invited.json().id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ group_id: 'grp-other', actor_id: demoUser(ADMIN).id });

    // The administrator edits and reads that account there; without the group it is not on their board.
    const id = invited.json().id as string;
    expect((await call(ADMIN, 'GET', `/api/user-board/users/${id}`)).statusCode).toBe(404);
    const edited = await call(ADMIN, 'PUT', `/api/user-board/users/${id}?group=grp-other`, rights({ models: [] }));
    expect(edited.json().models).toEqual([]);
    // A stock of the administrator's own group cannot go to an account of another group.
    const cross = await call(ADMIN, 'POST', '/api/user-board/users?group=grp-other', {
      ...rights({ ownerIds: ['own-demo-paris'] }),
      email: 'cross@other-dealer.forecourt.test',
    });
    expect(cross.statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/user-board/users?group=grp-nowhere')).statusCode).toBe(404);
  });

  it('anyone but a provider administrator naming another group gets 404, and the new manager grants only what they hold', async () => {
    // A manager of grp-other without habilitations, invited by a provider administrator as above.
    const made = await call(ADMIN, 'POST', '/api/user-board/users?group=grp-other', {
      ...rights({ options: { useSendEmail: true } }),
      email: 'plain@other-dealer.forecourt.test',
    });
    const plain = made.json().id as string;
    const other = demoUser(OTHER_ADMIN).id;
    for (const [method, url, body] of [
      ['GET', '/api/user-board/users?group=grp-demo', undefined],
      ['GET', '/api/user-board/grants?group=grp-demo', undefined],
      ['POST', '/api/user-board/users?group=grp-demo', { ...rights({ ownerIds: [] }), email: 'x@demo.forecourt.test' }],
      ['GET', `/api/user-board/users/${demoUser(ADMIN).id}?group=grp-demo`, undefined],
      ['POST', `/api/user-board/users/${demoUser(ADMIN).id}/deactivate?group=grp-demo`, undefined],
      ['POST', '/api/user-board/import?dryRun=true&group=grp-demo', { csv: 'email,givenName,familyName\n' }],
    ] as const) {
      const res = await callAs(plain, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(ADMIN, 'GET', '/api/user-board/users?group=grp-demo')).statusCode).toBe(200);
    // Their own group, named or not, is their board.
    expect((await callAs(plain, 'GET', '/api/user-board/users?group=grp-other')).json().total).toBe(3);
    // They invite a sales user with what they hold, and no more.
    const sales = await callAs(plain, 'POST', '/api/user-board/users', {
      ...rights({ roles: [], models: ['VIDEO'], options: { useSendEmail: true } }),
      email: 'seller@other-dealer.forecourt.test',
    });
    expect(sales.statusCode).toBe(201);
    const escalating = await callAs(plain, 'POST', '/api/user-board/users', {
      ...rights({ roles: [], options: { useCropping: true }, habilitations: ['SALES'] }),
      email: 'seller2@other-dealer.forecourt.test',
    });
    expect(escalating.statusCode).toBe(403);
    expect(escalating.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'options', value: 'useCropping' },
        { field: 'habilitations', value: 'SALES' },
      ]),
    );
    // The group's own provider administrator is beyond them.
    expect((await callAs(plain, 'POST', `/api/user-board/users/${other}/deactivate`)).statusCode).toBe(403);
  });

  it('no account joins a deactivated group: invitation and import answer 409 GROUP_DEACTIVATED; its board is still read', async () => {
    expect((await call(ADMIN, 'POST', '/api/settings/groups/grp-other/deactivate')).statusCode).toBe(200);
    const invited = await call(ADMIN, 'POST', '/api/user-board/users?group=grp-other', {
      ...rights(),
      email: 'late@other-dealer.forecourt.test',
    });
    expect(invited.statusCode).toBe(409);
    expect(invited.json().error.details).toEqual({ reason: 'GROUP_DEACTIVATED' });
    const imported = await call(ADMIN, 'POST', '/api/user-board/import?dryRun=true&group=grp-other', {
      csv: 'email,givenName,familyName\nlate@other-dealer.forecourt.test,Late,Comer\n',
    });
    expect(imported.statusCode).toBe(409);
    expect((await call(ADMIN, 'GET', '/api/user-board/users?group=grp-other')).statusCode).toBe(200);
    const after = await ctx.adapters.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@other-dealer.forecourt.test')
      .execute();
    expect(after).toEqual([]);
    // Reactivated, the group takes the invitation.
    expect((await call(ADMIN, 'POST', '/api/settings/groups/grp-other/reactivate')).statusCode).toBe(200);
    const again = await call(ADMIN, 'POST', '/api/user-board/users?group=grp-other', {
      ...rights(),
      email: 'late@other-dealer.forecourt.test',
    });
    expect(again.statusCode).toBe(201);
  });
});
