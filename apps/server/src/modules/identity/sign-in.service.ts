import type { Adapters } from '../../platform/adapters';
import { findPasswordUser, findUserContext } from './identity.repo';
import { clearFailures, lockedMinutes, recordFailure } from './oidc/login-throttle';
import { verifyAccountPassword } from './password';

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; error: 'throttled'; minutes: number }
  | { ok: false; error: 'wrongPassword' | 'deactivated' };

/**
 * The embedded provider's password check, throttled per account and address and per address: a lock is
 * refused before the password is looked at, and a failure counts towards the locks. A deactivated account (or
 * one of a deactivated group) is refused with its own answer, once its password is right.
 */
export async function signInWithPassword(
  deps: Pick<Adapters, 'db' | 'clock'>,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const { db, clock } = deps;
  const attempt = { email: input.email, ip: input.ip };
  const locked = await lockedMinutes(db, clock, attempt);
  if (locked) return { ok: false, error: 'throttled', minutes: locked };
  const user = await findPasswordUser(db, input.email);
  // Checked against a throwaway hash when the account is unknown, so the answer takes as long either way.
  if (!(await verifyAccountPassword(input.password, user?.passwordHash)) || !user) {
    const lock = await recordFailure(db, clock, attempt);
    return lock ? { ok: false, error: 'throttled', minutes: lock } : { ok: false, error: 'wrongPassword' };
  }
  await clearFailures(db, attempt);
  // Said only to whoever knows the password: a wrong one answers as for an unknown account.
  if (!user.active) return { ok: false, error: 'deactivated' };
  return { ok: true, userId: user.id };
}

/** The language of the account a sign-in page is shown for (its login hint), when that account exists. */
export async function accountLocale(deps: Pick<Adapters, 'db'>, email: string): Promise<string | undefined> {
  return email ? (await findUserContext(deps.db, { email }))?.locale : undefined;
}
