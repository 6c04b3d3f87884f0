import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import type { Tree } from './merge';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const read = (lang: string, file: string): Tree | null => {
  const p = path.join(dir, lang, file);
  return fs.existsSync(p) ? (JSON.parse(fs.readFileSync(p, 'utf8')) as Tree) : null;
};
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('locale files', () => {
  const features = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));

  it('exist for every feature', () => {
    expect(features.length).toBeGreaterThan(0);
  });

  for (const file of features) {
    it(`${file}: every language has every English key, none empty`, () => {
      const english = keys(read('en', file)!);
      for (const lang of LANGUAGES) {
        const tree = read(lang, file);
        expect(tree, `${lang}/${file} is missing`).not.toBeNull();
        const present = new Set(keys(tree!));
        expect(
          english.filter((k) => !present.has(k)),
          `${lang}/${file} lacks keys`,
        ).toEqual([]);
        const flat = keys(tree!);
        const values = flat.map((k) => k.split('.').reduce<Tree | string>((t, part) => (t as Tree)[part]!, tree!));
        expect(
          values.filter((v) => v === ''),
          `${lang}/${file} has empty strings`,
        ).toEqual([]);
      }
    });
  }
});
