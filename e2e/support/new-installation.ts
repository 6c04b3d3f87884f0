import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Filled in by the spec's beforeAll: read it inside tests only. */
export interface NewInstallation {
  baseURL: string;
  dataDir: string;
  /** The server's output, one entry a line. */
  log: string[];
}

/**
 * A server of the calling spec's own, as a new installation runs: an empty DATA_DIR and DEMO_SEED=false, so it
 * has no account at all and prints its one-time setup code. It runs the build the configured server made.
 * Registers the spec's beforeAll (start, wait for /healthz) and afterAll (stop, remove the data dir).
 */
export function useNewInstallation(name: string): NewInstallation {
  const installation: NewInstallation = { baseURL: '', dataDir: '', log: [] };
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    installation.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-${name}-e2e-`));
    const port = freePort();
    installation.baseURL = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: installation.baseURL,
        DATA_DIR: installation.dataDir,
        DEMO_SEED: 'false',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        IDENTITY_PROVIDERS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [server.stdout!, server.stderr!])
      stream.on('data', (chunk: Buffer) => installation.log.push(...chunk.toString().split('\n').filter(Boolean)));
    await expect
      .poll(async () => (await fetch(`${installation.baseURL}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 60_000,
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(installation.dataDir, { recursive: true, force: true });
  });

  return installation;
}

/** The log line that announces the one-time setup code, and the code itself. */
export function setupCodeOf(installation: NewInstallation): { line: string; code: string } {
  const line = installation.log.find((l) => l.includes('one-time setup code'));
  expect(line, installation.log.join('\n')).toBeTruthy();
  return { line: line!, code: /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(line!)![1]! };
}
