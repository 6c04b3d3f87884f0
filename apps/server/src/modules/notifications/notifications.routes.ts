import { EmailNotification, OutboxResponse, SmsNotification } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { listUserOutbox, messagesLimit, sendEmail, sendSms } from './notifications.service';

/** E-mail and SMS sending (spec section 7) and the outbox page's list. */
export async function notificationRoutes(app: App, adapters: Adapters, auth: Auth): Promise<void> {
  const deps = { ...adapters, perUser: messagesLimit(adapters) };

  app.post(
    '/api/notifications/EMAIL',
    { preHandler: auth.requireUser, schema: { body: EmailNotification } },
    async (request, reply) => {
      await sendEmail(deps, currentUser(request), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/SMS',
    { preHandler: auth.requireUser, schema: { body: SmsNotification } },
    async (request, reply) => {
      await sendSms(deps, currentUser(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/notifications/outbox',
    { preHandler: auth.requireUser, schema: { response: { 200: OutboxResponse } } },
    async (request) => ({
      items: await listUserOutbox(deps, currentUser(request)),
    }),
  );
}
