import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { accessTokenFor } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { API_KEY_HEADER } from '../identity/auth';
import { verifyPassword } from '../identity/password';
import { openSetup, SETUP_ATTEMPTS } from './setup.service';

const EXTERNAL = JSON.stringify({
  'corp.example': { issuer: 'https://login.corp.example', clientId: 'forecourt', audience: 'forecourt' },
});

/** A fresh, empty installation (no demo seed) with a built portal's index page, and the code it printed. */
function useEmptyInstall() {
  const ctx = {} as { adapters: Awaited<ReturnType<typeof createTestAdapters>>; app: App; code: string };
  beforeAll(async () => {
    ctx.adapters = await createTestAdapters({ IDENTITY_PROVIDERS: EXTERNAL });
    const webDist = path.join(ctx.adapters.dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Forecourt</title>');
    ctx.code = (await openSetup(ctx.adapters))!;
    ctx.app = await buildApp(ctx.adapters, { webDist });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.adapters?.cleanup();
  });
  return ctx;
}

const form = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  groupName: 'Forecourt Services',
  givenName: 'Ada',
  familyName: 'Admin',
  email: 'Ada@Provider.test',
  locale: 'fr',
  password: 'a long enough password',
  ...extra,
});

describe('first-run setup', () => {
  const t = useEmptyInstall();
  const post = (url: string, payload: object, ip = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('prints a one-time code while no provider administrator exists, and serves the page and its status', async () => {
    expect(t.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const stored = await t.adapters.db.selectFrom('setup_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(t.code.replace(/-/g, ''));
    const status = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ externalDomains: ['corp.example'] });
    const page = await t.app.inject({ method: 'GET', url: '/setup' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('checks the code as typed (any case, dashes or not) and refuses a wrong one', async () => {
    expect((await post('/api/setup/code', { code: t.code.toLowerCase().replace(/-/g, ' ') })).statusCode).toBe(204);
    const wrong = await post('/api/setup/code', { code: 'AAAA-BBBB-CCCC' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.details).toEqual({ field: 'code' });
    expect((await post('/api/setup/code', { code: 'nope' })).statusCode).toBe(400);
  });

  it('refuses a bad form without creating anything or spending the code', async () => {
    expect((await post('/api/setup', form(t.code, { password: 'short' }))).statusCode).toBe(400);
    expect((await post('/api/setup', form(t.code, { password: undefined }))).json().error.details).toEqual({
      field: 'password',
    });
    expect((await post('/api/setup', form('AAAA-BBBB-CCCC'))).statusCode).toBe(403);
    expect(await t.adapters.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await t.adapters.db.selectFrom('dealer_groups').select('id').execute()).toEqual([]);
    expect(await t.adapters.db.selectFrom('setup_codes').select('code_hash').execute()).toHaveLength(1);
  });

  it('creates the provider group and its first provider administrator, audited, then answers 404 everywhere', async () => {
    const res = await post('/api/setup', form(t.code));
    expect(res.statusCode).toBe(201);
    const { groupId, userId, signIn } = res.json();
    expect(signIn).toBe('EMBEDDED');
    const user = await t.adapters.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ada@provider.test', group_id: groupId, locale: 'fr', given_name: 'Ada' });
    expect(JSON.parse(user.habilitations)).toEqual(['PROVIDER_ADMINISTRATOR']);
    expect(JSON.parse(user.roles)).toEqual(['manage-users']);
    expect(await verifyPassword('a long enough password', user.password_hash)).toBe(true);
    const group = await t.adapters.db.selectFrom('dealer_groups').selectAll().executeTakeFirstOrThrow();
    expect(group).toMatchObject({ id: groupId, name: 'Forecourt Services' });
    expect(await t.adapters.db.selectFrom('setup_codes').select('code_hash').execute()).toEqual([]);

    // The new administrator is a real account: signed in, they read the audit of their own creation.
    const headers = {
      authorization: `Bearer ${await accessTokenFor(t.adapters, userId)}`,
      [API_KEY_HEADER]: t.adapters.config.API_KEY,
    };
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit', headers });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().items as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.action).sort()).toEqual(['group.create', 'user.create']);
    for (const e of entries)
      expect(e).toMatchObject({ actorId: null, actorLabel: 'setup', groupId, clientAddress: '198.51.100.1' });
    expect(JSON.stringify(entries)).not.toContain('long enough');

    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/setup' })).statusCode).toBe(404);
    expect((await post('/api/setup/code', { code: t.code })).statusCode).toBe(404);
    expect((await post('/api/setup', form(t.code, { email: 'again@provider.test' }))).statusCode).toBe(404);
    expect(await openSetup(t.adapters)).toBeNull();
  });
});

describe('first-run setup, an external provider’s domain', () => {
  const t = useEmptyInstall();

  it('keeps no password: the administrator signs in at their provider', async () => {
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: form(t.code, { email: 'boss@corp.example' }),
    });
    expect(withPassword.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: form(t.code, { email: 'boss@corp.example', password: undefined }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().signIn).toBe('EXTERNAL');
    const user = await t.adapters.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
  });
});

describe('first-run setup, code attempts', () => {
  const t = useEmptyInstall();

  it(`lets an address try ${SETUP_ATTEMPTS.perAddress} codes a quarter of an hour, the right one included`, async () => {
    const attempt = (code: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/setup/code', payload: { code }, remoteAddress: ip });
    for (let i = 0; i < SETUP_ATTEMPTS.perAddress; i++)
      expect((await attempt('AAAA-BBBB-CCCC', '203.0.113.9')).statusCode).toBe(403);
    expect((await attempt(t.code, '203.0.113.9')).statusCode).toBe(429);
    expect((await attempt(t.code, '203.0.113.10')).statusCode).toBe(204);
  });
});
