import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { getWebConfig } from '../api/web-config';
import { setAuthHeaderSource } from '../api/http';

/** The identity provider chosen at sign-in for the user's e-mail (from the identity lookup). */
export interface Provider {
  issuer: string;
  clientId: string;
  audience: string;
}

export const PROVIDER_STORAGE_KEY = 'forecourt.provider';
export const LAST_EMAIL_STORAGE_KEY = 'forecourt.lastEmail';
export const CALLBACK_PATH = '/login/callback';

let manager: UserManager | null = null;
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
 * storage, renewed before expiry with the refresh token.
 */
export function userManager(provider: Provider | null = storedProvider()): UserManager | null {
  if (!provider) return null;
  const id = JSON.stringify(provider);
  if (manager && managerProvider === id) return manager;
  manager?.stopSilentRenew();
  manager = new UserManager({
    authority: provider.issuer,
    client_id: provider.clientId,
    redirect_uri: `${window.location.origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${window.location.origin}/login`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 30,
    extraQueryParams: { resource: provider.audience },
    extraTokenParams: { resource: provider.audience },
  });
  managerProvider = id;
  return manager;
}

export async function currentUser(): Promise<User | null> {
  const user = await userManager()?.getUser();
  return user && !user.expired ? user : (user ?? null);
}

// Every main-API call carries the bearer token and the portal's api-key.
setAuthHeaderSource(async () => {
  const headers: Record<string, string> = {};
  const user = await userManager()?.getUser();
  if (user?.access_token) headers.Authorization = `Bearer ${user.access_token}`;
  try {
    headers['x-api-key'] = (await getWebConfig()).apiKey;
  } catch {
    // Without the config the call goes out unsigned and the server answers 401, handled as any error.
  }
  return headers;
});
