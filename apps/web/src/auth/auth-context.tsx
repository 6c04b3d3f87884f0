import type { User } from 'oidc-client-ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setTokenRefusedListener } from '../api/http';
import { onRefusedToken } from './refused-token';
import { PROVIDER_STORAGE_KEY, storedProvider, userManager, type Provider } from './session';

export interface AuthState {
  /** False until the stored session has been read. */
  ready: boolean;
  user: User | null;
  isAuthenticated: boolean;
  /** Redirects to the provider's authorize endpoint with the e-mail as login_hint. */
  signIn: (email: string, provider: Provider, locale: string) => Promise<void>;
  /** Clears the session here and at the provider. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Without a stored provider there is no session to read.
  const [ready, setReady] = useState(() => storedProvider() === null);
  const [user, setUser] = useState<User | null>(null);
  // Started while rendering, not in the effect: the route's screens suspend on first load, which holds the
  // effect back until their code is there; the OIDC client then loads alongside it, not after it.
  const [loading] = useState(() => userManager());

  useEffect(() => {
    if (!loading) return;
    let live = true;
    let detach = () => undefined as void;
    void loading.then(async (mgr) => {
      if (!live) return;
      const onLoaded = (u: User) => setUser(u);
      const onUnloaded = () => setUser(null);
      // A refresh error logs the user out.
      const onRenewError = () => void mgr.removeUser().then(() => setUser(null));
      mgr.events.addUserLoaded(onLoaded);
      mgr.events.addUserUnloaded(onUnloaded);
      mgr.events.addSilentRenewError(onRenewError);
      // A token the server refuses before it expires (account deactivated): renewed once, else signed out.
      setTokenRefusedListener(onRefusedToken(mgr));
      detach = () => {
        setTokenRefusedListener(() => undefined);
        mgr.events.removeUserLoaded(onLoaded);
        mgr.events.removeUserUnloaded(onUnloaded);
        mgr.events.removeSilentRenewError(onRenewError);
      };
      // An expired session is renewed with the refresh token before the app trusts it.
      const stored = await mgr.getUser();
      let current = stored;
      if (stored?.expired && stored.refresh_token) current = await mgr.signinSilent().catch(() => null);
      if (!live) return;
      if (!current || current.expired) await mgr.removeUser();
      setUser(current && !current.expired ? current : null);
      setReady(true);
    });
    return () => {
      live = false;
      detach();
    };
  }, [loading]);

  const signIn = useCallback(async (email: string, provider: Provider, locale: string) => {
    localStorage.setItem(PROVIDER_STORAGE_KEY, JSON.stringify(provider));
    await (await userManager(provider))!.signinRedirect({ login_hint: email, ui_locales: locale });
  }, []);

  const signOut = useCallback(async () => {
    const mgr = await userManager();
    const current = await mgr?.getUser();
    // The provider's session ends too; it sends the browser back to /login. The local tokens go first.
    if (mgr && current?.id_token) {
      await mgr.signoutRedirect({ id_token_hint: current.id_token });
      return;
    }
    await mgr?.removeUser();
    setUser(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ ready, user, isAuthenticated: Boolean(user && !user.expired), signIn, signOut }),
    [ready, user, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
