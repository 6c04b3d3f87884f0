import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database';
import { seedAccounts } from '../../seed/seed-accounts';
import { createTestAdapters } from '../../test/test-adapters';
import { readDataVersions } from '../../platform/db/data-versions';
import { createUserContextCache, type OwnerListVersions } from './user-context-cache';

const MANAGER = 'manager@demo.forecourt.test';

// Every authenticated request reads its caller through this cache: a kept context is reused only while
// the user's data version (migration 0010) is unchanged, so any change of the account, its options,
// models or owners, by any process, counts on the very next read.
describe('the user context cache', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  // Another connection to the same database, as another process or API instance would hold.
  let other: Awaited<ReturnType<typeof openDatabase>>;
  let contextOf: ReturnType<typeof createUserContextCache>;
  let managerId: string;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    other = await openDatabase({ dataDir: adapters.dataDir, databaseUrl: adapters.config.DATABASE_URL });
    contextOf = createUserContextCache(adapters.db);
    managerId = (
      await adapters.db.selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await other.close();
    await adapters.cleanup();
  });

  it('reuses the kept context while nothing changed, and hands it out frozen', async () => {
    const first = await contextOf({ id: managerId });
    expect(first?.email).toBe(MANAGER);
    expect(await contextOf({ id: managerId })).toBe(first);
    expect(() => first!.ownerIds.push('own-other-bordeaux')).toThrow(TypeError);
  });

  it('sees owners, options and models changed by another connection on the very next read', async () => {
    const before = (await contextOf({ id: managerId }))!;
    await other.db.insertInto('user_owners').values({ user_id: managerId, owner_id: 'own-other-bordeaux' }).execute();
    expect((await contextOf({ id: managerId }))!.ownerIds).toEqual([...before.ownerIds, 'own-other-bordeaux'].sort());
    await other.db
      .deleteFrom('user_owners')
      .where('user_id', '=', managerId)
      .where('owner_id', '=', 'own-other-bordeaux')
      .execute();
    expect((await contextOf({ id: managerId }))!.ownerIds).toEqual(before.ownerIds);

    await other.db
      .insertInto('user_options')
      .values({ user_id: managerId, name: 'useCacheProbe', value: 'true' })
      .execute();
    expect((await contextOf({ id: managerId }))!.options.useCacheProbe).toBe(true);
    await other.db
      .updateTable('user_options')
      .set({ value: 'false' })
      .where('user_id', '=', managerId)
      .where('name', '=', 'useCacheProbe')
      .execute();
    expect((await contextOf({ id: managerId }))!.options.useCacheProbe).toBe(false);

    const model = before.models[0]!;
    await other.db.deleteFrom('user_models').where('user_id', '=', managerId).where('model_type', '=', model).execute();
    expect((await contextOf({ id: managerId }))!.models).not.toContain(model);
  });

  it("reads the list versions of a kept context's owners in its check, and none with a context it rebuilds", async () => {
    const user = (await contextOf({ id: managerId }))!;
    const lists: OwnerListVersions = { versions: 'not read' };
    expect(await contextOf({ id: managerId }, lists)).toBe(user);
    expect(lists.versions).toBe((await readDataVersions(adapters.db, { ownerIds: user.ownerIds })).ownerLists);
    // A list write by another connection shows in the very next check.
    await other.db
      .insertInto('shooting_list_versions')
      .values({ owner_id: user.ownerIds[0]!, version: 1 })
      .onConflict((oc) =>
        oc.column('owner_id').doUpdateSet((eb) => ({ version: eb('shooting_list_versions.version', '+', 1) })),
      )
      .execute();
    const after: OwnerListVersions = { versions: null };
    await contextOf({ id: managerId }, after);
    expect(after.versions).not.toBe(lists.versions);
    expect(after.versions).toBe((await readDataVersions(adapters.db, { ownerIds: user.ownerIds })).ownerLists);
    // A changed context is read again: its owners may differ, so the list reads its versions itself.
    await other.db.updateTable('users').set({ family_name: 'Versioned' }).where('id', '=', managerId).execute();
    const rebuilt: OwnerListVersions = { versions: null };
    expect((await contextOf({ id: managerId }, rebuilt))!.familyName).toBe('Versioned');
    expect(rebuilt.versions).toBeNull();
  });

  it('follows an e-mail lookup to a changed address, and forgets a removed account', async () => {
    const byEmail = await contextOf({ email: MANAGER.toUpperCase() });
    expect(byEmail?.id).toBe(managerId);
    await other.db.updateTable('users').set({ given_name: 'Renamed' }).where('id', '=', managerId).execute();
    expect((await contextOf({ email: MANAGER }))!.givenName).toBe('Renamed');

    await other.db
      .updateTable('users')
      .set({ email: 'moved@demo.forecourt.test' })
      .where('id', '=', managerId)
      .execute();
    expect(await contextOf({ email: MANAGER })).toBeNull();
    expect((await contextOf({ email: 'moved@demo.forecourt.test' }))?.id).toBe(managerId);

    const sales = (await contextOf({ email: 'sales@demo.forecourt.test' }))!;
    await other.db.deleteFrom('users').where('id', '=', sales.id).execute();
    expect(await contextOf({ id: sales.id })).toBeNull();
    expect(await contextOf({ email: 'sales@demo.forecourt.test' })).toBeNull();
  });
});
