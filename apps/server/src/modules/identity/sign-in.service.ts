import type { Adapters } from '../../platform/adapters';
import { findPasswordUser, findUserContext } from './identity.repo';
import { clearFailures, lockedMinutes, recordFailure, throttleKey } from './oidc/login-throttle';
import { verifyPassword } from './password';

export type SignInResult = { ok: true; userId: string } | { ok: false; error: 'throttled'; minutes: number } | { ok: false; error: 'wrongPassword' };

/**
 * The embedded provider's password check, throttled per account and address: a locked pair is refused
 * before the password is looked at, and a failure counts towards the lock.
 */
export async function signInWithPassword(deps: Pick<Adapters, 'db' | 'clock'>, input: { email: string; password: string; ip: string }): Promise<SignInResult> {
  const { db, clock } = deps;
  const key = throttleKey(input.email, input.ip);
  const locked = await lockedMinutes(db, clock, key);
  if (locked) return { ok: false, error: 'throttled', minutes: locked };
  const user = await findPasswordUser(db, input.email);
  if (!user || !(await verifyPassword(input.password, user.password_hash))) {
    const lock = await recordFailure(db, clock, key);
    return lock ? { ok: false, error: 'throttled', minutes: lock } : { ok: false, error: 'wrongPassword' };
  }
  await clearFailures(db, key);
  return { ok: true, userId: user.id };
}

/** The language of the account a sign-in page is shown for (its login hint), when that account exists. */
export async function accountLocale(deps: Pick<Adapters, 'db'>, email: string): Promise<string | undefined> {
  return email ? (await findUserContext(deps.db, { email }))?.locale : undefined;
}
