import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app-types';
import { startTestApp } from './start-test-app';
import type { createTestAdapters } from './test-adapters';

export type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

/**
 * The usual API suite: fresh adapters with the demo accounts and the app on them, built before the suite
 * and closed after it. Read `ctx.adapters` and `ctx.app` inside the tests.
 */
export function useTestApp(): { readonly adapters: TestAdapters; readonly app: App } {
  const ctx = {} as { adapters: TestAdapters; app: App; close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(ctx, await startTestApp());
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}
