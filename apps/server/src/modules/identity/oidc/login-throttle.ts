import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { deleteLoginAttempt, findLoginAttempt, saveLoginAttempt } from '../identity.repo';

/** Failed sign-ins allowed per account and address within the window before a lock. */
export const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

export const throttleKey = (email: string, ip: string): string => `${email.trim().toLowerCase()}|${ip}`;

/** Minutes left on the lock of this account and address, or 0 when sign-in may be tried. */
export async function lockedMinutes(db: Db, clock: Clock, key: string): Promise<number> {
  const row = await findLoginAttempt(db, key);
  const left = row?.locked_until ? Date.parse(row.locked_until) - clock.now().getTime() : 0;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** Counts a failed attempt; the MAX_FAILURES-th within the window locks the pair. Returns the lock minutes. */
export async function recordFailure(db: Db, clock: Clock, key: string): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await findLoginAttempt(trx, key);
    const fresh = !row || now.getTime() - Date.parse(row.window_start) > WINDOW_MS;
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil = failures >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS).toISOString() : null;
    const values = { failures, window_start: fresh ? now.toISOString() : row.window_start, locked_until: lockedUntil };
    await saveLoginAttempt(trx, key, values, Boolean(row));
    return lockedUntil ? Math.ceil(LOCK_MS / 60_000) : 0;
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await deleteLoginAttempt(db, key);
}
