import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { App } from '../../../app-types';
import type { Adapters } from '../../../platform/adapters';
import { applySecurityHeaders } from '../../../platform/http-guards';
import { accountLocale, signInWithPassword } from '../sign-in.service';
import { throwawayHash } from '../password';
import { loginPage, type LoginPageError } from './login-page';
import { pickLocale } from './login-texts';
import { corsOrigins, portalLogoutUri } from './provider';

const MOUNT = '/oidc';
// The provider's endpoints any web page may read: discovery and signing keys.
const OPEN_PATHS = new Set(['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server', '/jwks']);

/**
 * Serves the provider under /oidc: its own Koa app gets the raw request (body unread, path without the
 * prefix), and the sign-in interaction is rendered here.
 */
export async function oidcRoutes(app: App, deps: { adapters: Adapters; provider: Provider }): Promise<void> {
  const { provider, adapters } = deps;
  const { config } = adapters;
  const callback = provider.callback();
  // Made now rather than by the first sign-in with an unknown e-mail, which would take twice as long.
  void throwawayHash();

  await app.register(async (scope) => {
    // The provider parses its own bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const allowedOrigins = corsOrigins(config.PUBLIC_URL);
    const publicUrl = new URL(config.PUBLIC_URL);
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      // oidc-provider answers every preflight with the asker's origin; only its discovery and keys are
      // public, so a preflight from any other origin gets no CORS headers and the browser stops there.
      const origin = request.headers.origin;
      const path = request.url.split('?')[0]!.slice(MOUNT.length);
      if (request.method === 'OPTIONS' && origin && !allowedOrigins.has(origin) && !OPEN_PATHS.has(path)) {
        void reply
          .status(403)
          .header('Vary', 'Origin')
          .send({ error: { code: 'FORBIDDEN', message: 'This origin may not call the identity provider' } });
        return;
      }
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // The provider trusts X-Forwarded-* (it needs the public scheme behind a TLS proxy), so they are
      // set here, never taken from the caller: every URL it builds (issuer, endpoints, jwks_uri,
      // redirects) is on PUBLIC_URL, whatever Host or X-Forwarded-Host the request came with, and the
      // address it sees is the one Fastify judged by TRUST_PROXY.
      raw.headers['x-forwarded-host'] = publicUrl.host;
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      raw.headers['x-forwarded-for'] = request.ip;
      delete raw.headers['x-forwarded-port'];
      delete raw.headers.forwarded;
      // Written raw, past the app's onSend hook. Its pages set their own Content-Security-Policy.
      applySecurityHeaders(reply.raw, { csp: false });
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(MOUNT.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all(MOUNT, { schema: { hide: true } }, forward);
    scope.all(`${MOUNT}/*`, { schema: { hide: true } }, forward);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      const locale = pickLocale([
        interaction.params.ui_locales as string | undefined,
        await accountLocale(adapters, hint),
        request.headers['accept-language'],
      ]);
      return { interaction, hint, locale };
    };
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

    scope.get<{ Params: { uid: string } }>(
      `${MOUNT}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { interaction, hint, locale } = await details(request, reply);
        const action = `${MOUNT}/interaction/${interaction.uid}/login`;
        return page(
          reply,
          200,
          loginPage({ locale, action, email: hint, portalLogin: portalLogoutUri(config.PUBLIC_URL) }),
        );
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${MOUNT}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { interaction, locale } = await details(request, reply);
        const email = (request.body?.email ?? '').trim().toLowerCase();
        const password = request.body?.password ?? '';
        const action = `${MOUNT}/interaction/${interaction.uid}/login`;
        const render = (status: number, error: LoginPageError, minutes?: number) =>
          page(
            reply,
            status,
            loginPage({ locale, action, email, error, minutes, portalLogin: portalLogoutUri(config.PUBLIC_URL) }),
          );
        if (!email || !password) return render(400, 'required');

        const result = await signInWithPassword(adapters, { email, password, ip: request.ip });
        if (!result.ok)
          return result.error === 'throttled' ? render(429, 'throttled', result.minutes) : render(401, result.error);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: result.userId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );
  });
}
