import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { createAdapters, type Adapters } from '../platform/adapters';
import type { Clock } from '../platform/clock';

/**
 * Adapters on a fresh temporary DATA_DIR. With TEST_DATABASE_URL set (the PostgreSQL run of CI) each call
 * gets a database of its own on that server instead of the SQLite file.
 */
export async function createTestAdapters(
  env: Record<string, string> = {},
  overrides: { clock?: Clock } = {},
): Promise<Adapters & { dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-test-'));
  let dropDb: (() => Promise<void>) | null = null;
  const extra: Record<string, string> = {};
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl && !env.DATABASE_URL) {
    const name = `fc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    extra.DATABASE_URL = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '20',
    ...extra,
    ...env,
  });
  const adapters = await createAdapters(config, overrides);
  return {
    ...adapters,
    dataDir,
    cleanup: async () => {
      await adapters.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether this run also targets PostgreSQL (for suites that only make sense on one dialect). */
export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);
