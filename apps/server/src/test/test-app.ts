import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { seedAccounts } from '../seed/seed-accounts';
import { createTestAdapters } from './test-adapters';

export type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

/**
 * The usual API suite: fresh adapters with the demo accounts and the app on them, built before the suite
 * and closed after it. Read `ctx.adapters` and `ctx.app` inside the tests.
 */
export function useTestApp(): { readonly adapters: TestAdapters; readonly app: App } {
  const ctx = {} as { adapters: TestAdapters; app: App };
  beforeAll(async () => {
    ctx.adapters = await createTestAdapters();
    await seedAccounts(ctx.adapters);
    ctx.app = await buildApp(ctx.adapters);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.adapters?.cleanup();
  });
  return ctx;
}
