import type { Adapters } from '../../platform/adapters';
import type { Executor } from '../../platform/db/database';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { insertUser, type StoredRights } from './user-board.repo';
import { auditedRights } from './user-rights';

/** An account to create: who it is, its password hash when it signs in here with one, and its rights. */
export interface AccountToCreate {
  id: string;
  email: string;
  groupId: string;
  passwordHash?: string | null;
  rights: StoredRights;
}

/** Why the account is created: the audit action (`user.create`, `user.invite`, `user.jit-create`) and more to keep. */
export interface AccountCreationAudit extends AuditContext {
  action: string;
  extra?: Record<string, unknown>;
}

/**
 * The one way an account comes to exist (the setup and the admin command, the user board's invitation, a
 * first sign-in through an external provider): the account with its rights, and its audit entry with the
 * rights given (never a password), in the caller's transaction so that neither is written without the other.
 */
export async function createAccount(
  deps: Pick<Adapters, 'db' | 'clock' | 'ids'>,
  tx: Executor,
  account: AccountToCreate,
  audit: AccountCreationAudit,
): Promise<void> {
  const { action, extra, ...context } = audit;
  await insertUser(
    tx,
    {
      id: account.id,
      email: account.email,
      groupId: account.groupId,
      createdAt: deps.clock.now().toISOString(),
      passwordHash: account.passwordHash ?? null,
    },
    account.rights,
  );
  await recordAudit(
    deps,
    {
      ...context,
      groupId: account.groupId,
      action,
      target: { type: 'user', id: account.id },
      after: auditedRights(account.rights, { email: account.email, ...extra }),
    },
    tx,
  );
}
