import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

// A control character, raw or percent-encoded (%00-%1F, %7F). No path or query parameter of any route
// carries one; SQLite reads a string only up to a NUL (`registration=%00` became an empty filter that
// matched every shooting) and PostgreSQL refuses NUL outright.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_URL = /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i;

/** onRequest: refuses a URL whose path or query holds a control character, before any route reads it. */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  if (CONTROL_IN_URL.test(request.url)) {
    throw new AppError('VALIDATION_ERROR', 'The address of the request contains control characters');
  }
}

/** Whether parsed JSON (or form fields) hold a NUL; raw bodies (uploads, buffers, streams) are not looked into. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * preHandler: refuses a parsed body holding a NUL character in any string, for the same reasons; text
 * fields may hold line breaks and tabs, so only NUL is refused there. It runs after authentication.
 */
export async function refuseNulInBody(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.body)) throw new AppError('VALIDATION_ERROR', 'The request body contains a NUL character');
}

/** The Strict-Transport-Security value sent when the portal's public address is https. */
export const HSTS = 'max-age=31536000';

/**
 * onRequest, when PUBLIC_URL is https: browsers are told to use https only. Set on the raw response, so
 * the answers of routes that write it themselves (the OIDC provider's) carry it too.
 */
export async function strictTransportSecurity(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.raw.setHeader('Strict-Transport-Security', HSTS);
}

/**
 * The headers every answer carries (app.ts's onSend hook). A handler that writes the raw response itself
 * (tus, the OIDC provider) skips that hook, so it sets them with `applySecurityHeaders`.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self' https: wss: ws:",
    "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://iframe.videodelivery.net https://*.cloudflarestream.com",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; '),
};

/** Sets SECURITY_HEADERS on a raw response a handler writes itself, before it writes its own headers. */
export function applySecurityHeaders(res: ServerResponse, opts: { csp?: boolean } = {}): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name !== 'Content-Security-Policy' || opts.csp !== false) res.setHeader(name, value);
  }
}
