import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { makeAuditReader } from './audit.fixtures';
import { CLI_ACTOR, recordAudit, type AuditEntryInput } from './audit.service';

const ADMIN = 'manager@demo.forecourt.test';

describe('audit log', () => {
  const t = useTestApp();
  let admin: Record<string, string>;
  let managerA: { id: string; headers: Record<string, string> };
  let managerB: { id: string; headers: Record<string, string> };
  let sales: { id: string; headers: Record<string, string> };

  const at = (iso: string) => ({ now: () => new Date(iso) });
  const record = (when: string, entry: Partial<AuditEntryInput> & Pick<AuditEntryInput, 'groupId' | 'action'>) =>
    recordAudit(
      { db: t.adapters.db, ids: t.adapters.ids, clock: at(when) },
      {
        actor: { id: 'u-1', label: 'alice@demo.forecourt.test' },
        clientAddress: '192.0.2.7',
        target: { type: 'user', id: 'target-1' },
        ...entry,
      },
    );

  beforeAll(async () => {
    admin = await authHeaders(t.adapters, ADMIN);
    managerA = await makeAuditReader(t.adapters, {
      groupId: 'grp-demo',
      email: 'boss-a@a.test',
      roles: ['manage-users'],
    });
    managerB = await makeAuditReader(t.adapters, {
      groupId: 'grp-other',
      email: 'boss-b@b.test',
      roles: ['manage-users'],
    });
    sales = await makeAuditReader(t.adapters, {
      groupId: 'grp-demo',
      email: 'seller@a.test',
      habilitations: ['SALES'],
    });
    await record('2026-03-01T10:00:00.000Z', {
      groupId: 'grp-demo',
      action: 'user.create',
      before: null,
      after: { email: 'new@a.test', roles: ['manage-users'] },
    });
    await record('2026-03-02T10:00:00.000Z', {
      groupId: 'grp-demo',
      action: 'user.update',
      actor: { id: 'u-2', label: 'Bob@Demo.forecourt.test' },
      target: { type: 'user', id: 'target-2' },
      before: { roles: [] },
      after: { roles: ['manage-users'] },
    });
    await record('2026-03-03T23:59:59.000Z', {
      groupId: 'grp-demo',
      action: 'group.rename',
      actor: CLI_ACTOR,
      clientAddress: null,
      target: { type: 'group', id: 'grp-demo' },
      before: { name: 'Old' },
      after: { name: '=HYPERLINK("x")' },
    });
    await record('2026-03-02T12:00:00.000Z', { groupId: 'grp-other', action: 'user.create' });
  });

  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });

  it('gives provider administrators every group, newest first, with before and after as recorded', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items.map((e) => `${e.groupId} ${e.action}`)).toEqual([
      'grp-demo group.rename',
      'grp-other user.create',
      'grp-demo user.update',
      'grp-demo user.create',
    ]);
    expect(items[3]).toMatchObject({
      actorId: 'u-1',
      actorLabel: 'alice@demo.forecourt.test',
      targetType: 'user',
      targetId: 'target-1',
      before: null,
      after: { email: 'new@a.test', roles: ['manage-users'] },
      clientAddress: '192.0.2.7',
    });
    expect((await list(admin, '?groupId=grp-other')).json().items).toHaveLength(1);
    // Which dealer each entry belongs to, by the name a provider administrator knows it by.
    expect(items.map((e) => e.groupName)).toEqual([
      'Garage Demo Group',
      'Other Dealer Group',
      'Garage Demo Group',
      'Garage Demo Group',
    ]);
  });

  it("gives a group's manager their own group only, and a foreign group 404", async () => {
    const a = (await list(managerA.headers)).json().items as Array<{ groupId: string }>;
    expect(a.map((e) => e.groupId)).toEqual(['grp-demo', 'grp-demo', 'grp-demo']);
    const b = (await list(managerB.headers)).json().items as Array<{ groupId: string }>;
    expect(b.map((e) => e.groupId)).toEqual(['grp-other']);
    expect((await list(managerA.headers, '?groupId=grp-other')).statusCode).toBe(404);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/audit/export.csv?groupId=grp-other',
      headers: managerA.headers,
    });
    expect(csv.statusCode).toBe(404);
  });

  it('refuses users without the manage-users role or a provider habilitation, and anonymous callers', async () => {
    expect((await list(sales.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/audit/export.csv', headers: sales.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('filters by action, actor (id or part of the label, any case), target and an inclusive day range', async () => {
    const actions = async (query: string) =>
      ((await list(admin, query)).json().items as Array<{ action: string }>).map((e) => e.action);
    expect(await actions('?action=user.create&groupId=grp-demo')).toEqual(['user.create']);
    expect(await actions('?actor=bob@demo')).toEqual(['user.update']);
    expect(await actions('?actor=u-2')).toEqual(['user.update']);
    expect(await actions('?actor=cli')).toEqual(['group.rename']);
    expect(await actions('?targetType=group')).toEqual(['group.rename']);
    expect(await actions('?targetId=target-2')).toEqual(['user.update']);
    expect(await actions('?from=2026-03-02&to=2026-03-03&groupId=grp-demo')).toEqual(['group.rename', 'user.update']);
    expect(await actions('?to=2026-03-01')).toEqual(['user.create']);
    const backwards = await list(admin, '?from=2026-03-03&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect((await list(admin, '?from=2026-02-30')).statusCode).toBe(400);
  });

  it('pages with a cursor without repeating or skipping an entry', async () => {
    const first = (await list(admin, '?limit=3')).json();
    expect(first.items).toHaveLength(3);
    const second = (await list(admin, `?limit=3&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(['user.create']);
    expect(second.nextCursor).toBeNull();
    expect((await list(admin, '?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('exports the same filters as CSV, with cells a spreadsheet would run defused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit/export.csv?from=2026-03-02',
      headers: managerA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="forecourt-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actorId,actorLabel,groupId,action,targetType,targetId,before,after,clientAddress');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `2026-03-03T23:59:59.000Z,,cli,grp-demo,group.rename,group,grp-demo,"{""name"":""Old""}","{""name"":""=HYPERLINK(\\""x\\"")""}",`,
    );
    expect(lines[2]).toContain('user.update');
  });

  it('has no route that changes or removes an entry', async () => {
    const [entry] = (await list(admin)).json().items as Array<{ id: string }>;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/audit/${entry!.id}`, headers: admin, payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    const { db } = t.adapters;
    await expect(db.updateTable('audit_log').set({ action: 'user.forged' }).execute()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`delete from audit_log where action = 'user.create'`.execute(db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    const rows = await db.selectFrom('audit_log').select('action').execute();
    expect(rows).toHaveLength(4);
  });

  it('writes the entry in the change’s transaction: a rolled-back change leaves no entry', async () => {
    const { db } = t.adapters;
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(
          t.adapters,
          {
            actor: CLI_ACTOR,
            clientAddress: null,
            groupId: 'grp-demo',
            action: 'group.create',
            target: { type: 'group', id: 'grp-x' },
          },
          trx,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.selectFrom('audit_log').select('id').where('action', '=', 'group.create').execute()).toEqual([]);
  });
});
