import {
  AlertIdParams,
  AlertPreferences,
  CallNowResponse,
  EmptyResponse,
  EngagementAlertList,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { messagesLimit } from '../notifications/notifications.service';
import type { AlertBus } from './alert-bus';
import { callNow, getAlertPreferences, listUserAlerts, markAlertsRead, saveAlertPreferences } from './alerts.service';

/** A comment line this often keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 20_000;

/** The bell: the user's alerts, their stream, their preferences, and "Call now". */
export async function alertRoutes(app: App, deps: { adapters: Adapters; auth: Auth; bus: AlertBus }): Promise<void> {
  const { adapters, auth, bus } = deps;
  const notifications = { ...adapters, perUser: messagesLimit(adapters) };
  // The open streams, ended when the server starts closing (a stream never ends by itself, and the server
  // waits for its connections before running onClose hooks).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/engagement/alerts',
    { preHandler: auth.requireUser, schema: { response: { 200: EngagementAlertList } } },
    async (request) => listUserAlerts(adapters, currentUser(request)),
  );

  app.post(
    '/api/engagement/alerts/read',
    { preHandler: auth.requireUser, schema: { response: { 200: EmptyResponse } } },
    async (request) => {
      await markAlertsRead(adapters, currentUser(request));
      return {};
    },
  );

  // Server-sent events: each alert of the user as one `data:` line of EngagementAlert JSON, from whichever
  // API process the visitor's beacon reached (the alert bus). The portal reads it with fetch, which can
  // send the bearer token (EventSource cannot).
  app.get(
    '/api/engagement/alerts/stream',
    { preHandler: auth.requireUser, schema: { hide: true } },
    async (request, reply) => {
      const user = currentUser(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      res.write(': open\n\n');
      const unsubscribe = bus.subscribe(user.id, (alert) => {
        if (user.ownerIds.length > 0) res.write(`event: alert\ndata: ${JSON.stringify(alert)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(close);
      };
      // Hooks cannot be added once the server listens: the stream is ended by the one preClose hook above.
      const close = () => {
        end();
        res.end();
      };
      streams.add(close);
      request.raw.on('close', end);
    },
  );

  app.get(
    '/api/engagement/alert-preferences',
    { preHandler: auth.requireUser, schema: { response: { 200: AlertPreferences } } },
    async (request) => getAlertPreferences(adapters, currentUser(request)),
  );

  app.put(
    '/api/engagement/alert-preferences',
    { preHandler: auth.requireUser, schema: { body: AlertPreferences, response: { 200: AlertPreferences } } },
    async (request) => saveAlertPreferences(adapters, currentUser(request), request.body),
  );

  app.post(
    '/api/engagement/alerts/:id/call',
    { preHandler: auth.requireUser, schema: { params: AlertIdParams, response: { 201: CallNowResponse } } },
    async (request, reply) =>
      reply.status(201).send(await callNow(notifications, currentUser(request), request.params.id)),
  );
}
