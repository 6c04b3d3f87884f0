// `npm test`: the Debian packages the suites drive (installed when missing, see system-packages.mjs), the
// unit and API suites (Vitest), then the end-to-end suite (Playwright in Chromium).
// Prints one closing line with the totals and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-packages.mjs';

if (!ensureSystemPackages()) {
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-results-'));
let passed = 0;
let failed = 0;
let ok = true;

function run(label, cmd, args, reportFile, count) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) ok = false;
  try {
    const c = count(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
    passed += c.passed;
    failed += c.failed;
  } catch {
    if (r.status !== 0) failed += 1;
  }
}

const vitestJson = path.join(tmp, 'vitest.json');
run(
  'unit and API tests',
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  vitestJson,
  (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests,
  }),
);

if (fs.existsSync(path.join(root, 'e2e/playwright.config.ts')) && !process.argv.includes('--no-e2e')) {
  const pwJson = path.join(tmp, 'playwright.json');
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = pwJson;
  run(
    'end-to-end tests (Chromium)',
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    pwJson,
    (j) => ({
      passed: j.stats.expected,
      failed: j.stats.unexpected,
    }),
  );
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
