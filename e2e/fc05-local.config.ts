import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '/work/main/e2e/specs',
  testMatch: /shooting-create\.spec\.ts/,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  outputDir: '/tmp/fc-05/pw-results',
  use: {
    baseURL: 'http://127.0.0.1:8105',
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] },
    screenshot: 'only-on-failure',
  },
});
