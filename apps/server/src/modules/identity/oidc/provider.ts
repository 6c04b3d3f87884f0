import { randomBytes } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Adapters } from '../../../platform/adapters';
import { getOrCreateSecret } from '../../../platform/secrets';
import { userClaims } from '../claims';
import { findUserContext } from '../identity.repo';
import { API_AUDIENCE, PORTAL_CLIENT_ID, PORTAL_SCOPE } from '../portal-client';
import { embeddedIssuer, getSigningKey } from '../signing-keys';
import { LOGIN_TEXTS, pickLocale } from './login-texts';
import { escapeHtml } from '../../../platform/html';
import { providerPage } from './login-page';
import { databaseAdapter } from './oidc-payloads.repo';

// The portal's redirect URIs follow PUBLIC_URL, so any port the server runs on works.
export const portalRedirectUri = (publicUrl: string): string => `${publicUrl}/login/callback`;
export const portalLogoutUri = (publicUrl: string): string => `${publicUrl}/login`;

export const ACCESS_TOKEN_TTL = 10 * 60;

/**
 * The origins whose browser code may call the provider's client endpoints (token, revocation, userinfo):
 * the portal's own and those of its registered clients' redirect URIs. Discovery and keys stay open.
 */
export const corsOrigins = (publicUrl: string): Set<string> =>
  new Set([
    new URL(publicUrl).origin,
    ...[portalRedirectUri(publicUrl), portalLogoutUri(publicUrl)].map((uri) => new URL(uri).origin),
  ]);
const DAY = 24 * 60 * 60;

const htmlLocale = (ctx: KoaContextWithOIDC) =>
  pickLocale([ctx.oidc?.params?.ui_locales as string | undefined, ctx.get('accept-language')]);

/** The embedded OIDC provider: code + PKCE S256 only, rotating refresh tokens, JWT access tokens for the API. */
export async function createProvider(adapters: Adapters): Promise<Provider> {
  const { db, config, clock } = adapters;
  const key = await getSigningKey(db);
  const cookieKey = await getOrCreateSecret(db, 'oidc-cookie-key');
  const allowedOrigins = corsOrigins(config.PUBLIC_URL);
  const claimsOf = async (accountId: string) => {
    const user = await findUserContext(db, { id: accountId });
    return user ? userClaims(user) : undefined;
  };

  const configuration: Configuration = {
    adapter: databaseAdapter(db, clock),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Forecourt',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [portalRedirectUri(config.PUBLIC_URL)],
        post_logout_redirect_uris: [portalLogoutUri(config.PUBLIC_URL)],
        scope: PORTAL_SCOPE,
      },
    ],
    jwks: { keys: [key.privateJwk as never] },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    cookies: { keys: [cookieKey] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'api'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'locale', 'preferred_username', 'habilitations', 'roles'],
      email: ['email', 'email_verified'],
    },
    // The portal reads the user's claims from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const claims = await claimsOf(sub);
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const { sub: _sub, ...claims } = (await claimsOf(token.accountId)) ?? {};
      return claims;
    },
    // First-party portal: the grant is given at sign-in, no consent screen.
    loadExistingGrant: async (ctx) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(PORTAL_SCOPE);
      grant.addResourceScope(API_AUDIENCE, 'api');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: API_AUDIENCE,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The portal already asked: the form posts itself; the nonce keeps the page's CSP strict.
        logoutSource: (ctx, form) => {
          const t = LOGIN_TEXTS[htmlLocale(ctx)];
          const nonce = randomBytes(16).toString('base64');
          ctx.set(
            'Content-Security-Policy',
            `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'nonce-${nonce}'; form-action 'self' ${config.PUBLIC_URL}`,
          );
          ctx.body = providerPage(
            htmlLocale(ctx),
            t.logoutTitle,
            `<h1>${escapeHtml(t.logoutTitle)}</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t.logoutButton)}</button>
<script nonce="${nonce}">document.getElementById('op.logoutForm').insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.getElementById('op.logoutForm').submit();</script>`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          const t = LOGIN_TEXTS[htmlLocale(ctx)];
          ctx.body = providerPage(
            htmlLocale(ctx),
            t.loggedOut,
            `<h1>${escapeHtml(t.loggedOut)}</h1><p><a href="${escapeHtml(portalLogoutUri(config.PUBLIC_URL))}">${escapeHtml(t.backToLogin)}</a></p>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      const t = LOGIN_TEXTS[htmlLocale(ctx)];
      ctx.type = 'html';
      ctx.body = providerPage(
        htmlLocale(ctx),
        t.errorTitle,
        `<h1>${escapeHtml(t.errorTitle)}</h1><p class="error" role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${escapeHtml(portalLogoutUri(config.PUBLIC_URL))}">${escapeHtml(t.backToLogin)}</a></p>`,
      );
    },
  };

  const provider = new Provider(embeddedIssuer(config.PUBLIC_URL), configuration);
  provider.proxy = true;
  return provider;
}
