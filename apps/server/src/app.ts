import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { API_KEY_GUIDE, API_KEY_SECURITY_SCHEME } from './modules/api-keys/api-key-docs';
import Fastify from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App } from './app-types';
import { registerRequestIds, requestIdOf } from './http/request-id';
import { registerRequestMetrics } from './http/request-metrics';
import type { Adapters } from './platform/adapters';
import { AppError, RateLimitedError } from './platform/errors';
import {
  refuseControlCharacters,
  refuseNulInBody,
  SECURITY_HEADERS,
  strictTransportSecurity,
} from './platform/http-guards';
import type { Metrics } from './platform/metrics/metrics';
import { registerModules } from './modules';

export interface AppOptions {
  /** Folder of the built web portal; served with a single-page fallback when present. */
  webDist?: string;
  logger?: boolean;
  /** Whether the worker is polling; /healthz waits for it when this process runs one. */
  workerReady?: () => boolean;
  /** The process's metrics (shared with its worker); made here when METRICS_TOKEN asks for them and none is given. */
  metrics?: Metrics;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');

// API prefixes: never answered by the portal's index.html.
const API_PREFIXES = ['/api', '/API', '/vision', '/clipping', '/identity', '/oidc', '/blobs', '/healthz', '/p/'];
// The public player is a page of its own (apps/web/player.html): not the portal and its frame. A personal link
// (/p/{ref}/{token}) is that page itself, no redirect: one round trip less on a phone, the token read from the path.
const PLAYER_PAGE_PATH = /^\/(?:public\/player\/[^/]+|p\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)\/?$/;

/** The whole HTTP surface on the given adapters; tests drive it with app.inject. */
export async function buildApp(adapters: Adapters, opts: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ? { level: adapters.config.LOG_LEVEL } : false,
    trustProxy: adapters.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestIds(app);
  const metrics =
    opts.metrics ??
    (adapters.config.METRICS_TOKEN
      ? (await import('./platform/metrics/metrics')).createMetrics({
          db: adapters.db,
          clock: adapters.clock,
          role: 'api',
        })
      : undefined);
  if (metrics) registerRequestMetrics(app, metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({
        error: { code: 'VALIDATION_ERROR', message: 'The request is not valid', details: err.validation },
      });
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'VALIDATION_ERROR';
      return reply.status(status).send({ error: { code, message: (err as Error).message } });
    }
    request.log.error(err);
    return reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred' } });
  });

  if (new URL(adapters.config.PUBLIC_URL).protocol === 'https:') app.addHook('onRequest', strictTransportSecurity);
  app.addHook('onRequest', refuseControlCharacters);
  app.addHook('preHandler', refuseNulInBody);

  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // A route's own policy (the player's, the login page's) stands.
      if (name !== 'Content-Security-Policy' || !reply.hasHeader(name)) reply.header(name, value);
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Forecourt API', version: '1.17.0', description: API_KEY_GUIDE },
      components: { securitySchemes: API_KEY_SECURITY_SCHEME },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, adapters, {
    workerReady: opts.workerReady ?? (() => true),
    webDist: opts.webDist,
    metrics,
  });

  const webDist = opts.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Vite names assets by content hash, so they never change; everything else is revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const index = fs.readFileSync(path.join(webDist, 'index.html'));
    const playerFile = path.join(webDist, 'player.html');
    const player = fs.existsSync(playerFile) ? fs.readFileSync(playerFile) : index;
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && PLAYER_PAGE_PATH.test(url))
        return reply.header('Cache-Control', 'no-cache').type('text/html').send(player);
      if (
        request.method !== 'GET' ||
        API_PREFIXES.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`))
      ) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      if (/\.[a-z0-9]+$/i.test(url)) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(index);
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } }),
    );
  }
  return app;
}
