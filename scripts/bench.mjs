// `npm run bench -- NAME [ARGS...]`: runs bench/NAME.ts with tsx. Each benchmark prints its figures as
// JSON lines and appends a row to docs/BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const available = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3));
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- NAME [ARGS...]\nBenchmarks: ${available.join(', ') || '(none)'}`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', `${name}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
