import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules of docs/ARCHITECTURE.md, checked on the source so that a wrong import fails here
// rather than in review.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|suite|fixture)\.tsx?$/.test(f) && !f.includes('fixture'))
    .map((f) => path.join(dir, f));

/** Every import of a file, resolved to a path under the repository when relative. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith('.') ? path.join(path.dirname(file), spec) : spec;
  });
}

const offending = (dirs: string[], forbidden: (target: string) => boolean): string[] =>
  dirs.flatMap((dir) => sourceFiles(dir).flatMap((f) => importsOf(f).filter(forbidden).map((t) => `${f} imports ${t}`)));

describe('import rules', () => {
  it('keeps the platform adapters free of modules, the app and the seed', () => {
    expect(offending(['apps/server/src/platform'], (t) => /^apps\/server\/src\/(modules|seed)\/|^apps\/server\/src\/(app|main)$/.test(t))).toEqual([]);
  });

  it('keeps the migrations and the schema free of application code', () => {
    expect(offending(['apps/server/src/db'], (t) => t.startsWith('apps/server/src/') && !t.startsWith('apps/server/src/db/'))).toEqual([]);
  });

  it('keeps the contracts free of anything but zod', () => {
    expect(offending(['packages/contracts/src'], (t) => !t.startsWith('packages/contracts/src/') && t !== 'zod')).toEqual([]);
  });

  it('keeps the web portal off the server code', () => {
    expect(offending(['apps/web/src'], (t) => t.startsWith('apps/server') || t.startsWith('@forecourt/server'))).toEqual([]);
  });
});
