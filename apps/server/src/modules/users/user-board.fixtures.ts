import { API_KEY_HEADER } from '../identity/auth';
import { accessTokenFor, authHeaders } from '../../test/auth-helpers';
import type { useTestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT';

/** The API calls of the board's tests: as a demo account (by e-mail), or as any account (by id). */
export function boardCalls(ctx: ReturnType<typeof useTestApp>) {
  const call = async (email: string, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: await authHeaders(ctx.adapters, email), payload });
  const callAs = async (userId: string, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${await accessTokenFor(ctx.adapters, userId)}`,
        [API_KEY_HEADER]: ctx.adapters.config.API_KEY,
      },
      payload,
    });
  return { call, callAs };
}

/** The form of an account to invite: a sales user of the demo's Paris stock, with the test's changes. */
export const invitee = (over: Record<string, unknown> = {}) => ({
  givenName: 'Nora',
  familyName: 'Invited',
  locale: 'en',
  roles: [],
  habilitations: [],
  models: ['VIDEO'],
  options: { useSendEmail: true },
  ownerIds: ['own-demo-paris'],
  ...over,
});
