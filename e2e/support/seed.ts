import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs `apps/server/src/test/e2e-seeds/<name>.ts` (the API tests' factories) against the running e2e server's
 * data folder and returns what it printed, as JSON: the ids a spec then opens. A spec that starts a server of its
 * own (the live specs) names that server's `DATA_DIR` (and what else the seed reads) in `env`.
 */
export function seedE2e<T>(name: string, env: NodeJS.ProcessEnv = { DATA_DIR: process.env.E2E_DATA_DIR }): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', `apps/server/src/test/e2e-seeds/${name}.ts`], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return JSON.parse(out.toString()) as T;
}
