import { buildApp } from '../app';
import type { App } from '../app-types';
import { seedAccounts } from '../seed/seed-accounts';
import { authHeaders } from './auth-helpers';
import { createTestAdapters } from './test-adapters';

/**
 * Fresh adapters with the demo accounts and the app on them, for a suite that sets itself up (no Vitest hooks:
 * `useTestApp` wraps it in them). `headers(email)` signs a demo user in; `close` ends both.
 */
export async function startTestApp(
  env: Parameters<typeof createTestAdapters>[0] = {},
  overrides: Parameters<typeof createTestAdapters>[1] = {},
) {
  const adapters = await createTestAdapters(env, overrides);
  await seedAccounts(adapters);
  const app: App = await buildApp(adapters);
  return {
    adapters,
    app,
    headers: (email: string) => authHeaders(adapters, email),
    close: async () => (await app.close(), await adapters.cleanup()),
  };
}
