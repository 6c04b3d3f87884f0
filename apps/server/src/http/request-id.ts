import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { App } from '../app-types';

// What a load balancer's unique id looks like (HAProxy's unique-id-format, nginx's $request_id, a UUID);
// anything else is replaced, so a caller cannot write arbitrary text into the logs.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the one the load balancer put in X-Request-ID, so its log and ours match, or a
 * fresh UUID (unique across processes, unlike Fastify's per-process counter).
 */
export function requestIdOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/**
 * Gives the caller the request id every log line of the request carries: in the X-Request-ID header of
 * every answer, and as error.requestId in every error body, whichever code path wrote it.
 */
export function registerRequestIds(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-ID', request.id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode < 400 ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').includes('json')
    ) {
      return payload;
    }
    try {
      const body = JSON.parse(payload) as { error?: unknown };
      if (!body.error || typeof body.error !== 'object') return payload;
      return JSON.stringify({ ...body, error: { ...body.error, requestId: request.id } });
    } catch {
      return payload;
    }
  });
}
