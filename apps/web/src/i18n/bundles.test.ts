import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { mergeTrees, type Tree } from './merge';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const bundles = import.meta.glob<{ default: Tree }>('./bundles/*.ts');

describe('language bundles', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: one module holds every feature file of the language`, async () => {
      const load = bundles[`./bundles/${lang}.ts`];
      expect(load, `bundles/${lang}.ts is missing`).toBeDefined();
      const files = fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
      const expected = mergeTrees(
        files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, lang, f), 'utf8')) as Tree),
      );
      expect((await load!()).default).toEqual(expected);
    });
  }
});
