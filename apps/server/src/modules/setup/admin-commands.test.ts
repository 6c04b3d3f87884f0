import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/seed-accounts';
import { spawnTs } from '../../test/child-process';
import { createTestAdapters } from '../../test/test-adapters';
import { verifyPassword } from '../identity/password';
import { runAdminCommand, type AdminIo } from './admin-commands';

const EXTERNAL = JSON.stringify({
  'corp.example': { issuer: 'https://login.corp.example', clientId: 'forecourt', audience: 'forecourt' },
});

describe('npm run admin', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  beforeAll(async () => {
    adapters = await createTestAdapters({ IDENTITY_PROVIDERS: EXTERNAL });
    await seedAccounts(adapters);
  });
  afterAll(async () => adapters?.cleanup());

  /** Runs one command with a fake terminal: stdin's text, and the answers to secret prompts (none: no terminal). */
  async function admin(argv: string[], input: { stdin?: string; secrets?: string[] } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const secrets = [...(input.secrets ?? [])];
    const io: AdminIo = {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      readStdin: async () => input.stdin ?? '',
      askSecret: async () => (input.secrets ? (secrets.shift() ?? '') : null),
    };
    const code = await runAdminCommand(adapters, argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const lastAudit = () =>
    adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('prints its commands, and each command its options', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    for (const c of ['create-group', 'create-user', 'reset-password', 'list-users']) expect(help.out).toContain(c);
    const one = await admin(['create-user', '--help']);
    expect(one.code).toBe(0);
    expect(one.out).toContain('--password-stdin');
    expect((await admin([])).code).toBe(2);
    const unknown = await admin(['drop-everything']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^Unknown command drop-everything/);
  });

  it('creates a SCIM token for a group, shown once, stored as its hash and audited', async () => {
    expect((await admin(['create-scim-token', '--help'])).out).toContain('--group');
    expect((await admin(['create-scim-token'])).code).toBe(2);
    expect((await admin(['create-scim-token', '--group', 'grp-nowhere'])).code).toBe(1);
    const res = await admin(['create-scim-token', '--group', 'grp-demo', '--label', 'Okta']);
    expect(res.code).toBe(0);
    const token = res.out.split('\n')[1]!;
    expect(token).toMatch(/^fcscim_[A-Za-z0-9_-]{43}$/);
    const row = await adapters.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('label', '=', 'Okta')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ group_id: 'grp-demo', created_by: 'cli', revoked_at: null });
    expect(row.token_hash).not.toContain(token);
    expect(await lastAudit()).toMatchObject({ action: 'scim-token.create', actor_label: 'cli', target_id: row.id });
  });

  it('creates a group, audited with the actor cli', async () => {
    const res = await admin(['create-group', '--name', 'Garage Nord', '--id', 'grp-nord']);
    expect(res).toMatchObject({ code: 0, out: 'Created the dealer group Garage Nord (grp-nord)' });
    expect(await lastAudit()).toMatchObject({
      actor_id: null,
      actor_label: 'cli',
      action: 'group.create',
      group_id: 'grp-nord',
      client_address: null,
    });
    const again = await admin(['create-group', '--name', 'Other', '--id', 'grp-nord']);
    expect(again).toMatchObject({
      code: 1,
      err: 'admin create-group: A dealer group with the id grp-nord exists already',
    });
    expect(await admin(['create-group', '--name', 'garage NORD'])).toMatchObject({
      code: 1,
      err: 'admin create-group: Another dealer group is already named "garage NORD"',
    });
    expect((await admin(['create-group'])).err).toBe('admin create-group: missing --name');
    expect((await admin(['create-group', '--nme', 'x'])).code).toBe(2);
  });

  it('creates a user with roles, habilitations, models, options and stocks, the password from stdin', async () => {
    const res = await admin(
      [
        'create-user',
        '--email',
        'Chef@Demo.forecourt.test',
        '--given-name',
        'Chef',
        '--family-name',
        'Atelier',
        '--group',
        'Garage Demo Group',
        '--locale',
        'de',
        '--roles',
        'manage-users',
        '--habilitations',
        'SALES',
        '--models',
        'VIDEO,PROCESS',
        '--options',
        'useCropping,useRestamp',
        '--identification',
        'VIN',
        '--stocks',
        'own-demo-paris,own-demo-lyon',
        '--password-stdin',
      ],
      { stdin: 'une phrase de passe\n' },
    );
    expect(res.code).toBe(0);
    expect(res.out).toMatch(
      /^Created chef@demo\.forecourt\.test \(.+\) in Garage Demo Group: signs in with its password$/,
    );
    const user = await adapters.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'chef@demo.forecourt.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ group_id: 'grp-demo', locale: 'de' });
    expect(JSON.parse(user.roles)).toEqual(['manage-users']);
    expect(JSON.parse(user.habilitations)).toEqual(['SALES']);
    expect(await verifyPassword('une phrase de passe', user.password_hash)).toBe(true);
    const owners = await adapters.db
      .selectFrom('user_owners')
      .select('owner_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(owners.map((o) => o.owner_id).sort()).toEqual(['own-demo-lyon', 'own-demo-paris']);
    const options = await adapters.db.selectFrom('user_options').selectAll().where('user_id', '=', user.id).execute();
    const byName = Object.fromEntries(options.map((o) => [o.name, JSON.parse(o.value) as unknown]));
    expect(byName).toMatchObject({
      useCropping: true,
      useRestamp: true,
      useVideoLive: false,
      vehicleIdentificationMethods: ['VIN'],
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      actor_label: 'cli',
      action: 'user.create',
      target_id: user.id,
      group_id: 'grp-demo',
    });
    expect(audit.after).not.toContain('passe');
  });

  it('asks the password twice on a terminal, and needs --password-stdin without one', async () => {
    const base = [
      'create-user',
      '--email',
      'tty@demo.forecourt.test',
      '--given-name',
      'T',
      '--family-name',
      'Y',
      '--group',
      'grp-demo',
    ];
    expect((await admin(base, { secrets: ['first password', 'other password'] })).err).toBe(
      'admin create-user: the two passwords differ',
    );
    expect((await admin(base)).err).toMatch(/--password-stdin/);
    expect((await admin(base, { secrets: ['same password', 'same password'] })).code).toBe(0);
  });

  it('refuses bad input in one line, with a non-zero exit, and writes nothing', async () => {
    const user = (extra: string[], stdin = 'a good password\n') =>
      admin(
        [
          'create-user',
          '--email',
          'bad@demo.forecourt.test',
          '--given-name',
          'B',
          '--family-name',
          'A',
          ...extra,
          '--password-stdin',
        ],
        { stdin },
      );
    expect((await user(['--group', 'grp-nowhere'])).err).toBe(
      'admin create-user: Dealer group "grp-nowhere" not found',
    );
    expect((await user(['--group', 'grp-demo', '--models', 'SPACESHIP'])).err).toMatch(/^admin create-user: --models /);
    expect((await user(['--group', 'grp-demo', '--habilitations', 'GOD'])).err).toMatch(
      /^admin create-user: --habilitations /,
    );
    expect((await user(['--group', 'grp-demo', '--options', 'useTeleport'])).err).toMatch(
      /^admin create-user: --options /,
    );
    expect((await user(['--group', 'grp-demo', '--stocks', 'own-other-bordeaux'])).err).toBe(
      'admin create-user: Not stocks of the group grp-demo: own-other-bordeaux',
    );
    expect((await user(['--group', 'grp-demo'], 'short\n')).err).toMatch(/^admin create-user: --password /);
    const duplicate = await admin(
      [
        'create-user',
        '--email',
        'sales@demo.forecourt.test',
        '--given-name',
        'S',
        '--family-name',
        'D',
        '--group',
        'grp-demo',
        '--password-stdin',
      ],
      { stdin: 'a good password' },
    );
    expect(duplicate).toMatchObject({
      code: 1,
      err: 'admin create-user: An account with the e-mail sales@demo.forecourt.test exists already',
    });
    expect(
      await adapters.db.selectFrom('users').select('id').where('email', '=', 'bad@demo.forecourt.test').execute(),
    ).toEqual([]);
  });

  it('creates an external domain’s account without a password', async () => {
    const res = await admin([
      'create-user',
      '--email',
      'it@corp.example',
      '--given-name',
      'I',
      '--family-name',
      'T',
      '--group',
      'grp-demo',
    ]);
    expect(res.code).toBe(0);
    expect(res.out).toContain('signs in with the identity provider of its domain');
  });

  it('resets a password, audited; refuses an unknown or external account', async () => {
    const res = await admin(['reset-password', '--email', 'SALES@demo.forecourt.test', '--password-stdin'], {
      stdin: 'a brand new password\n',
    });
    expect(res).toMatchObject({ code: 0, out: 'Set a new password for sales@demo.forecourt.test' });
    const user = await adapters.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'sales@demo.forecourt.test')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('a brand new password', user.password_hash)).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'user.reset-password',
      target_id: user.id,
      before: null,
      after: null,
    });
    expect(
      (
        await admin(['reset-password', '--email', 'nobody@x.test', '--password-stdin'], {
          stdin: 'a brand new password',
        })
      ).err,
    ).toBe('admin reset-password: Account nobody@x.test not found');
    expect((await admin(['reset-password', '--email', 'it@corp.example'])).code).toBe(1);
  });

  it('lists the accounts of a group, as text or JSON', async () => {
    const text = await admin(['list-users', '--group', 'grp-other']);
    expect(text.out.split('\n')).toEqual([
      expect.stringMatching(
        /^grp-other\tother@other-dealer\.forecourt\.test\tOscar Lefèvre\tEMBEDDED\tPROVIDER_ADMINISTRATOR,manage-users\t/,
      ),
    ]);
    const json = JSON.parse((await admin(['list-users', '--json'])).out) as Array<{ email: string; signIn: string }>;
    expect(json.find((u) => u.email === 'it@corp.example')?.signIn).toBe('EXTERNAL');
    expect(json.length).toBeGreaterThan(5);
  });

  it('runs as npm run admin runs it: exit codes and one-line errors', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-admin-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, DEMO_SEED: 'false', LOG_LEVEL: 'silent' };
      const cli = path.resolve(import.meta.dirname, '../../admin-cli.ts');
      const created = spawnTs(cli, ['create-group', '--name', 'Spawned'], env);
      expect(await created.exited).toBe(0);
      expect(created.output.join('\n')).toMatch(/Created the dealer group Spawned/);
      const refused = spawnTs(cli, ['create-user', '--email', 'x@y.test'], env);
      expect(await refused.exited).toBe(2);
      expect(refused.stderr).toEqual(['admin create-user: missing --given-name, --family-name, --group']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
