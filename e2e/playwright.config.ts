import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, e2eEnv } from './support/env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { port, dataDir, baseURL, smtpPort } = e2eEnv();

/**
 * End-to-end tests in Debian's Chromium against the server started exactly as `npm start` starts it
 * (build if needed, then one process), on a free port with a temporary DATA_DIR and the demo seed.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  outputDir: path.join(dataDir, 'test-results'),
  globalTeardown: './support/teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    acceptDownloads: true,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // exec: the shell becomes the server, so Playwright's SIGTERM reaches it and it stops cleanly.
    command: 'exec node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      // What the root package.json's start script sets (docs/decisions/0001-npm-start-malloc-and-thread-pool.md).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      UV_THREADPOOL_SIZE: '16',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // integrations.spec's webhook receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // A domain on an external identity provider, for the settings' sign-in rules (settings-sign-in.spec.ts);
      // no demo account uses it, and its issuer is only contacted if one of its tokens is presented.
      IDENTITY_PROVIDERS: JSON.stringify({
        'partner.e2e.test': {
          issuer: 'https://sso.partner.e2e.test',
          clientId: 'forecourt',
          audience: 'forecourt-api',
        },
      }),
      LEGAL_PUBLISHER: 'Forecourt E2E SAS, 1 rue du Test, 75001 Paris',
      LEGAL_CONTACT: 'legal@forecourt.test',
      ...(process.env.E2E_SERVER_ENV ? (JSON.parse(process.env.E2E_SERVER_ENV) as Record<string, string>) : {}),
    },
  },
});
