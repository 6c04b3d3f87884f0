import { PersonalLink, PersonalLinkBody } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { createPersonalLink } from './recipients.service';

/** Personal links: made by the salesperson ("copy link for …"), opened by the recipient. */
export async function recipientRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;

  app.post(
    '/api/engagement/links',
    { preHandler: auth.requireUser, schema: { body: PersonalLinkBody, response: { 201: PersonalLink } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPersonalLink(adapters, currentUser(request), { ...request.body, channel: 'LINK' })),
  );
  // The personal form of /p/{ref}, /p/{ref}/{token}, is the player's page itself (app.ts, PLAYER_PAGE_PATH): the
  // page reads the token from its path. A forged token shows the player all the same (the beacon records nothing).
}
