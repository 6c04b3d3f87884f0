import type { Db } from '../../platform/db/database';
import { findVersionedUserContext, userContextVersion } from './identity.repo';
import type { UserContext } from './user-context';

const deepFreeze = (user: UserContext): UserContext => {
  for (const v of [user.habilitations, user.roles, user.options, user.models, user.ownerIds]) Object.freeze(v);
  return Object.freeze(user);
};

/**
 * Where a lookup puts the shootings list versions of the caller's owners when its request lists shootings
 * (null when they were not read with the context: the list reads them itself).
 */
export interface OwnerListVersions {
  versions: string | null;
}

/**
 * The caller's account, options, models and owners, kept per lookup (user id or e-mail) with its data
 * version (migration 0010) and reused only while that version is unchanged: one primary-key read
 * instead of the five-part context read on every authenticated request, and a change of rights or a
 * removed account still counts on the very next request, whichever process made it. A request that lists
 * shootings passes `lists`: the same statement reads the list versions of the kept context's owners (the
 * list cache's check, one round trip instead of two); they count only when the context is still current,
 * as its owners are then the caller's. Bounded (least recently used out); the kept contexts are frozen,
 * as every request shares them.
 */
export function createUserContextCache(db: Db, max = 10_000) {
  const kept = new Map<string, { user: UserContext; version: number }>();

  return async (by: { id: string } | { email: string }, lists?: OwnerListVersions): Promise<UserContext | null> => {
    const key = 'id' in by ? `id ${by.id}` : `email ${by.email.toLowerCase()}`;
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      const now = await userContextVersion(db, hit.user.id, lists ? hit.user.ownerIds : undefined);
      if (now.user === hit.version) {
        kept.set(key, hit);
        if (lists) lists.versions = now.ownerLists;
        return hit.user;
      }
    }
    const found = await findVersionedUserContext(db, by);
    if (!found) return null;
    kept.set(key, { user: deepFreeze(found.user), version: found.version });
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return found.user;
  };
}
