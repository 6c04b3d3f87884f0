import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { deleteLoginAttempt, findLoginAttempt, saveLoginAttempt } from '../identity.repo';

/** Failed sign-ins allowed per account and address within the window before a lock. */
export const MAX_FAILURES = 5;
/**
 * Failed sign-ins allowed from one address within the window, whichever accounts they name, before the
 * address is locked: a password sprayed over many e-mails never meets the per-account lock. High enough
 * for a dealership's staff signing in from one office address.
 */
export const MAX_ADDRESS_FAILURES = 20;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

export interface SignInAttempt {
  email: string;
  ip: string;
}

const accountKey = (a: SignInAttempt): string => `${a.email.trim().toLowerCase()}|${a.ip}`;
// '*' is no e-mail address, so the address's counter never meets an account's.
const addressKey = (a: SignInAttempt): string => `*|${a.ip}`;

async function minutesLeft(db: Db, clock: Clock, key: string): Promise<number> {
  const row = await findLoginAttempt(db, key);
  const left = row?.lockedUntil ? Date.parse(row.lockedUntil) - clock.now().getTime() : 0;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** Minutes left on the lock of this account and address, or of the address itself; 0 when sign-in may be tried. */
export async function lockedMinutes(db: Db, clock: Clock, attempt: SignInAttempt): Promise<number> {
  return Math.max(await minutesLeft(db, clock, accountKey(attempt)), await minutesLeft(db, clock, addressKey(attempt)));
}

async function countFailure(db: Db, clock: Clock, key: string, max: number): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await findLoginAttempt(trx, key);
    const fresh = !row || now.getTime() - Date.parse(row.windowStart) > WINDOW_MS;
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil = failures >= max ? new Date(now.getTime() + LOCK_MS).toISOString() : null;
    const values = { failures, windowStart: fresh ? now.toISOString() : row.windowStart, lockedUntil };
    await saveLoginAttempt(trx, key, values, Boolean(row));
    return lockedUntil ? Math.ceil(LOCK_MS / 60_000) : 0;
  });
}

/**
 * Counts a failed attempt for the account and address and for the address alone; the MAX_FAILURES-th of
 * the pair or the MAX_ADDRESS_FAILURES-th of the address within the window locks it. Returns the lock minutes.
 */
export async function recordFailure(db: Db, clock: Clock, attempt: SignInAttempt): Promise<number> {
  const account = await countFailure(db, clock, accountKey(attempt), MAX_FAILURES);
  const address = await countFailure(db, clock, addressKey(attempt), MAX_ADDRESS_FAILURES);
  return Math.max(account, address);
}

/**
 * A successful sign-in clears its account's counter only: clearing the address's would let a sprayer
 * holding one valid account reset it between rounds.
 */
export async function clearFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await deleteLoginAttempt(db, accountKey(attempt));
}
