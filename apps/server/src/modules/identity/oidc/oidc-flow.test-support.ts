import { createHash, randomBytes } from 'node:crypto';
import type { App } from '../../../app-types';
import { PORTAL_CLIENT_ID } from '../portal-client';
import { portalRedirectUri } from './provider';

/** Cookies of one browser, by name; paths are ignored, which is enough for the provider's flows. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const pathOf = (location: string): string => {
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

export interface AuthorizeOptions {
  publicUrl: string;
  email: string;
  password: string;
  challenge: string;
  challengeMethod?: string;
  extra?: Record<string, string>;
}

/**
 * Drives the authorization code flow as a browser would, through the provider's own login page.
 * Returns the final response of the flow: a redirect to the portal with ?code= when sign-in succeeded.
 */
export async function authorize(app: App, opts: AuthorizeOptions, jar = new CookieJar()) {
  const params = new URLSearchParams({
    client_id: PORTAL_CLIENT_ID,
    response_type: 'code',
    redirect_uri: portalRedirectUri(opts.publicUrl),
    scope: 'openid profile email offline_access api',
    code_challenge: opts.challenge,
    code_challenge_method: opts.challengeMethod ?? 'S256',
    state: randomBytes(8).toString('hex'),
    login_hint: opts.email,
    ...opts.extra,
  });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
    jar.take(res.headers['set-cookie']);
    return res;
  };
  const start = await get(`/oidc/auth?${params}`);
  if (start.statusCode !== 303 || !start.headers.location?.includes('/interaction/'))
    return { res: start, jar, loginPage: null };
  const loginPage = await get(pathOf(start.headers.location));
  const action = /action="([^"]+)"/.exec(loginPage.body)?.[1] ?? '';
  const submit = await app.inject({
    method: 'POST',
    url: action,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: opts.email, password: opts.password }).toString(),
  });
  jar.take(submit.headers['set-cookie']);
  if (submit.statusCode !== 303) return { res: submit, jar, loginPage };
  let res = await get(pathOf(submit.headers.location!));
  // Resuming may pass through the provider once more before the final redirect to the portal.
  while (res.statusCode === 303 && res.headers.location?.startsWith('/oidc'))
    res = await get(pathOf(res.headers.location));
  return { res, jar, loginPage };
}

export const codeOf = (location: string | undefined): string =>
  new URL(location ?? '', 'http://localhost').searchParams.get('code') ?? '';

export async function tokenRequest(app: App, form: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, ...form }).toString(),
  });
  return { status: res.statusCode, body: res.json<Record<string, string>>() };
}

/** Signs in through the provider and exchanges the code: the token response of the portal. */
export async function signInTokens(app: App, publicUrl: string, email: string, password: string) {
  const { verifier, challenge } = pkcePair();
  const { res } = await authorize(app, { publicUrl, email, password, challenge });
  const code = codeOf(res.headers.location);
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: portalRedirectUri(publicUrl),
  });
}
