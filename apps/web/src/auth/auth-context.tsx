import type { User } from 'oidc-client-ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PROVIDER_STORAGE_KEY, userManager, type Provider } from './session';

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
  const [ready, setReady] = useState(false);
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    const mgr = userManager();
    if (!mgr) {
      setReady(true);
      return;
    }
    let live = true;
    void mgr.getUser().then(async (u) => {
      // An expired session is renewed with the refresh token before the app trusts it.
      let current = u;
      if (u?.expired && u.refresh_token) current = await mgr.signinSilent().catch(() => null);
      if (!live) return;
      if (!current || current.expired) await mgr.removeUser();
      setUser(current && !current.expired ? current : null);
      setReady(true);
    });
    const onLoaded = (u: User) => setUser(u);
    const onUnloaded = () => setUser(null);
    // A refresh error logs the user out.
    const onRenewError = () => void mgr.removeUser().then(() => setUser(null));
    mgr.events.addUserLoaded(onLoaded);
    mgr.events.addUserUnloaded(onUnloaded);
    mgr.events.addSilentRenewError(onRenewError);
    return () => {
      live = false;
      mgr.events.removeUserLoaded(onLoaded);
      mgr.events.removeUserUnloaded(onUnloaded);
      mgr.events.removeSilentRenewError(onRenewError);
    };
  }, []);

  const signIn = useCallback(async (email: string, provider: Provider, locale: string) => {
    localStorage.setItem(PROVIDER_STORAGE_KEY, JSON.stringify(provider));
    await userManager(provider)!.signinRedirect({ login_hint: email, ui_locales: locale });
  }, []);

  const signOut = useCallback(async () => {
    const mgr = userManager();
    const current = await mgr?.getUser();
    await mgr?.removeUser();
    setUser(null);
    if (mgr && current?.id_token) await mgr.signoutRedirect({ id_token_hint: current.id_token });
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
