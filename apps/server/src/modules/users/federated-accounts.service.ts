import type { Adapters } from '../../platform/adapters';
import { withAudit, type AuditContext } from '../audit/audit.service';
import { createAccount } from './account-creation.service';
import { findAccountByEmail, setRoles, type StoredRights } from './user-board.repo';

/** Every option written out, as the board stores them (a rule's options are stored the same way). */
export { normaliseOptions } from './user-rights';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** An account as a sign-in through an external provider sees it. */
export interface FederatedAccount {
  id: string;
  groupId: string;
  roles: string[];
  deactivated: boolean;
}

/** The account of this e-mail (any group), or null. */
export async function findFederatedAccount(
  deps: Pick<Adapters, 'db'>,
  email: string,
): Promise<FederatedAccount | null> {
  const row = await findAccountByEmail(deps.db, email.toLowerCase());
  return row ? { id: row.id, groupId: row.groupId, roles: row.roles, deactivated: row.deactivatedAt !== null } : null;
}

/**
 * Creates the account of a first sign-in through an external provider (no password: it signs in there),
 * audited as `user.jit-create`. Two API processes may verify the same first token at once: the loser of
 * the race on the unique e-mail gets the winner's account.
 */
export async function createFederatedAccount(
  deps: Deps,
  input: { email: string; groupId: string; rights: StoredRights },
  audit: AuditContext,
): Promise<FederatedAccount> {
  const email = input.email.toLowerCase();
  const id = deps.ids.uuid();
  try {
    await deps.db
      .transaction()
      .execute((trx) =>
        createAccount(
          deps,
          trx,
          { id, email, groupId: input.groupId, rights: input.rights },
          { ...audit, action: 'user.jit-create' },
        ),
      );
  } catch (err) {
    const winner = await findFederatedAccount(deps, email);
    if (winner) return winner;
    throw err;
  }
  return { id, groupId: input.groupId, roles: input.rights.roles, deactivated: false };
}

/** Sets an account's roles from its provider's claim, audited as `user.claim-roles`; nothing when unchanged. */
export async function setFederatedRoles(
  deps: Deps,
  account: FederatedAccount,
  roles: string[],
  audit: AuditContext,
): Promise<void> {
  const same = roles.length === account.roles.length && roles.every((r) => account.roles.includes(r));
  if (same) return;
  await withAudit(
    deps,
    {
      ...audit,
      groupId: account.groupId,
      action: 'user.claim-roles',
      target: { type: 'user', id: account.id },
      before: { roles: account.roles },
      after: { roles },
    },
    (trx) => setRoles(trx, account.id, roles),
  );
}
