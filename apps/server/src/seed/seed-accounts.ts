import type { Adapters } from '../platform/adapters';
import { hashPassword } from '../modules/identity/password';
import { optionRows } from '../modules/identity/user-options';
import { DEMO_GROUPS, DEMO_OWNERS, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';

/** Inserts the demo groups, owners and accounts that are missing; existing rows are left as they are. */
export async function seedAccounts({ db, clock }: Adapters): Promise<void> {
  const now = clock.now().toISOString();
  for (const g of DEMO_GROUPS) {
    await db
      .insertInto('dealer_groups')
      .values({ id: g.id, name: g.name, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const o of DEMO_OWNERS) {
    await db
      .insertInto('owners')
      .values({
        id: o.id,
        group_id: o.groupId,
        name: o.name,
        label: o.label,
        contact_information: JSON.stringify(o.contact),
        contact_phone: o.phone,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const u of DEMO_USERS) {
    const exists = await db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst();
    if (exists) continue;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: u.id,
          email: u.email,
          password_hash: await hashPassword(DEMO_PASSWORD),
          given_name: u.givenName,
          family_name: u.familyName,
          locale: u.locale,
          group_id: u.groupId,
          habilitations: JSON.stringify(u.habilitations),
          roles: JSON.stringify(u.roles),
          created_at: now,
        })
        .execute();
      const options = optionRows(u.id, u.options);
      if (options.length) await trx.insertInto('user_options').values(options).execute();
      await trx
        .insertInto('user_models')
        .values(u.models.map((m) => ({ user_id: u.id, model_type: m })))
        .execute();
      await trx
        .insertInto('user_owners')
        .values(u.owners.map((o) => ({ user_id: u.id, owner_id: o })))
        .execute();
    });
  }
}
