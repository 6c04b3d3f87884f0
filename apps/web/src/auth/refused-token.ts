import type { User } from 'oidc-client-ts';

/** The part of oidc-client-ts's UserManager a refused token needs. */
export interface SessionStore {
  signinSilent: () => Promise<User | null>;
  removeUser: () => Promise<void>;
}

/**
 * What the portal does when the server answers 401 to a call signed with `token`: a token can be refused
 * before it expires (account or group deactivated, account removed, a laptop waking with a stale token), and
 * a portal that keeps it shows only "could not be loaded" errors until it expires. The refresh token is tried
 * once; when the provider refuses it too, or its new token is refused in turn, the session is dropped, which
 * sends the user to the sign-in page. Refusals arriving together share one attempt.
 */
export function onRefusedToken(store: SessionStore): (token: string) => Promise<void> {
  let renewed: string | null = null;
  let pending: Promise<void> | null = null;
  return (token) => {
    pending ??= (async () => {
      const fresh = token === renewed ? null : await store.signinSilent().catch(() => null);
      if (fresh?.access_token) {
        renewed = fresh.access_token;
        return;
      }
      await store.removeUser();
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
}
