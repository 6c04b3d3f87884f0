import type { User, UserManager } from 'oidc-client-ts';
import { getWebConfig } from '../api/web-config';
import { setAuthHeaderSource } from '../api/http';

/** The identity provider chosen at sign-in for the user's e-mail (from the identity lookup). */
export interface Provider {
  issuer: string;
  clientId: string;
  audience: string;
  /** Scopes to ask for; the lookup names them per provider. */
  scope?: string;
}

export const PROVIDER_STORAGE_KEY = 'forecourt.provider';
export const LAST_EMAIL_STORAGE_KEY = 'forecourt.lastEmail';
export const CALLBACK_PATH = '/login/callback';

let manager: Promise<UserManager> | null = null;
let managerProvider: string | null = null;

export function storedProvider(): Provider | null {
  try {
    const p = JSON.parse(localStorage.getItem(PROVIDER_STORAGE_KEY) ?? 'null') as Provider | null;
    return p?.issuer && p.clientId ? p : null;
  } catch {
    return null;
  }
}

/**
 * The OIDC client for a provider: authorization code with PKCE, tokens (session and refresh) kept in local
 * storage, renewed before expiry with the refresh token. oidc-client-ts loads with the first use, so the
 * login page's first load does without it.
 */
export function userManager(provider: Provider | null = storedProvider()): Promise<UserManager> | null {
  if (!provider) return null;
  const id = JSON.stringify(provider);
  if (manager && managerProvider === id) return manager;
  const previous = manager;
  managerProvider = id;
  manager = import('oidc-client-ts').then(async ({ UserManager, WebStorageStateStore }) => {
    (await previous)?.stopSilentRenew();
    return new UserManager({
      authority: provider.issuer,
      client_id: provider.clientId,
      redirect_uri: `${window.location.origin}${CALLBACK_PATH}`,
      post_logout_redirect_uri: `${window.location.origin}/login`,
      response_type: 'code',
      scope: provider.scope ?? 'openid profile email offline_access',
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      stateStore: new WebStorageStateStore({ store: window.localStorage }),
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 30,
      extraQueryParams: { resource: provider.audience },
      extraTokenParams: { resource: provider.audience },
    });
  });
  return manager;
}

/**
 * The signed-in user, once the portal has started the OIDC client (AuthProvider does, on every route but
 * the public player, whose calls then go without a bearer token and without loading the client).
 */
export async function currentUser(): Promise<User | null> {
  return (await (await manager)?.getUser()) ?? null;
}

// Every main-API call carries the bearer token and the portal's api-key.
setAuthHeaderSource(async () => {
  const headers: Record<string, string> = {};
  const user = await currentUser();
  if (user?.access_token) headers.Authorization = `Bearer ${user.access_token}`;
  try {
    headers['x-api-key'] = (await getWebConfig()).apiKey;
  } catch {
    // Without the config the call goes out unsigned and the server answers 401, handled as any error.
  }
  return headers;
});
