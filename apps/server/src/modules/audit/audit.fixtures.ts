import { API_KEY_HEADER } from '../identity/auth';
import { accessTokenFor } from '../../test/auth-helpers';
import type { Adapters } from '../../platform/adapters';

/** A user of a group with the given roles and habilitations, and the main API's headers for them. */
export async function makeAuditReader(
  adapters: Adapters,
  opts: { groupId: string; email: string; roles?: string[]; habilitations?: string[] },
): Promise<{ id: string; headers: Record<string, string> }> {
  const id = adapters.ids.uuid();
  await adapters.db
    .insertInto('users')
    .values({
      id,
      email: opts.email,
      password_hash: null,
      given_name: 'Test',
      family_name: 'Reader',
      locale: 'en',
      group_id: opts.groupId,
      habilitations: JSON.stringify(opts.habilitations ?? []),
      roles: JSON.stringify(opts.roles ?? []),
      created_at: adapters.clock.now().toISOString(),
    })
    .execute();
  return {
    id,
    headers: {
      authorization: `Bearer ${await accessTokenFor(adapters, id)}`,
      [API_KEY_HEADER]: adapters.config.API_KEY,
    },
  };
}
