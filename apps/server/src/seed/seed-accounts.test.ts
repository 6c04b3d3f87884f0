import { CATALOGUE_LANGUAGES } from '@forecourt/contracts/catalogue';
import { USER_OPTION_NAMES } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/identity/password';
import { createTestAdapters } from '../test/test-adapters';
import { DEMO_PASSWORD, demoUser } from './demo-accounts';
import { seedAccounts } from './seed-accounts';

let a: Awaited<ReturnType<typeof createTestAdapters>>;

beforeAll(async () => {
  a = await createTestAdapters();
  await seedAccounts(a);
});
afterAll(async () => a?.cleanup());

async function account(email: string) {
  const user = await a.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const options = Object.fromEntries(
    (await a.db.selectFrom('user_options').select(['name', 'value']).where('user_id', '=', user.id).execute()).map(
      (o) => [o.name, JSON.parse(o.value) as unknown],
    ),
  );
  const models = (await a.db.selectFrom('user_models').select('model_type').where('user_id', '=', user.id).execute())
    .map((m) => m.model_type)
    .sort();
  const owners = (
    await a.db
      .selectFrom('user_owners')
      .innerJoin('owners', 'owners.id', 'user_owners.owner_id')
      .select('owners.group_id')
      .where('user_id', '=', user.id)
      .execute()
  ).map((o) => o.group_id);
  return {
    user,
    options,
    models,
    owners,
    habilitations: JSON.parse(user.habilitations) as string[],
    roles: JSON.parse(user.roles) as string[],
  };
}

describe('demo accounts', () => {
  it('sign in with the demo password and are non-legacy (UUID usernames)', async () => {
    for (const email of [
      'manager@demo.forecourt.test',
      'sales@demo.forecourt.test',
      'workshop@demo.forecourt.test',
      'other@other-dealer.forecourt.test',
    ]) {
      const { user } = await account(email);
      expect(await verifyPassword(DEMO_PASSWORD, user.password_hash)).toBe(true);
      expect(await verifyPassword('wrong', user.password_hash)).toBe(false);
      expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('gives the manager every option, all four models, provider administration and manage-users', async () => {
    const m = await account('manager@demo.forecourt.test');
    for (const name of USER_OPTION_NAMES) {
      expect(m.options[name], name).toSatisfy((v: unknown) => v === true || (Array.isArray(v) && v.length > 0));
    }
    expect(m.models).toEqual(['INSPECT', 'INSPECT_REPAIR_ORDER', 'PROCESS', 'VIDEO']);
    expect(m.habilitations).toContain('PROVIDER_ADMINISTRATOR');
    expect(m.roles).toContain('manage-users');
  });

  it('lets sales send e-mail and SMS with VIDEO and PROCESS, and nothing else', async () => {
    const s = await account('sales@demo.forecourt.test');
    expect(s.models).toEqual(['PROCESS', 'VIDEO']);
    expect(s.options).toMatchObject({
      useSendEmail: true,
      useSendSms: true,
      useDeleteShooting: false,
      useResendDMSOnStampotheque: false,
      useLicensePlateCover: false,
      useCropping: false,
      useRestamp: false,
      useVideoLive: false,
      useAdminVideo: false,
    });
  });

  it('gives the workshop INSPECT_REPAIR_ORDER only, and the other dealer only its own owners', async () => {
    expect((await account('workshop@demo.forecourt.test')).models).toEqual(['INSPECT_REPAIR_ORDER']);
    const other = await account('other@other-dealer.forecourt.test');
    expect(other.user.group_id).toBe(demoUser('other@other-dealer.forecourt.test').groupId);
    expect(new Set(other.owners)).toEqual(new Set(['grp-other']));
  });

  it("titles every stock's contact lines in the ten languages, so the player never shows an English title", async () => {
    const owners = await a.db.selectFrom('owners').select(['id', 'contact_information']).execute();
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) {
      for (const line of JSON.parse(owner.contact_information ?? '[]') as { titles?: Record<string, string> }[]) {
        expect(Object.keys(line.titles ?? {}).sort(), owner.id).toEqual([...CATALOGUE_LANGUAGES].sort());
      }
    }
  });

  it('changes nothing when seeded again', async () => {
    const before = await a.db.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute();
    await seedAccounts(a);
    expect(await a.db.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute()).toEqual(before);
  });
});
