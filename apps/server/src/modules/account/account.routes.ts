import { AccountLanguageBody, AccountProfile } from '@forecourt/contracts';
import type { App } from '../../app-types';
import { currentUser, type Auth } from '../identity/auth';
import { accountProfile, setAccountLanguage, type AccountDeps } from './account.service';

export async function accountRoutes(app: App, deps: { auth: Auth; account: AccountDeps }): Promise<void> {
  const { auth, account } = deps;
  app.get(
    '/api/users/me/account',
    { preHandler: auth.requireUser, schema: { response: { 200: AccountProfile } } },
    async (request) => accountProfile(account, currentUser(request)),
  );

  app.put(
    '/api/users/me/language',
    { preHandler: auth.requireUser, schema: { body: AccountLanguageBody } },
    async (request, reply) => {
      await setAccountLanguage(account, currentUser(request), request.body.locale);
      return reply.status(204).send();
    },
  );
}
