import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default, one worker less than the cores, is a single worker on CI's 2 cores. Most suites wait
    // on child processes, sockets and timers rather than compute, so two workers there halve the wall time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Component tests: rendered in jsdom and used as a user would (Testing Library, user-event).
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // Well under a second a test on a quiet machine; the margin is for a loaded one (MUI's first render).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
