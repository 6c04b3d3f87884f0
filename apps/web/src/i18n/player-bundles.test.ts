import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import type { Tree } from './merge';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const playerBundles = import.meta.glob<{ default: Tree }>('./player-bundles/*.ts');
const portalBundles = import.meta.glob<{ default: Tree }>('./bundles/*.ts');

/** Every key the public player's code names (for `t`, or the snackbar), read from its files. */
function playerKeys(): string[] {
  const dir = path.join(src, 'features/player');
  const keys = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
    for (const m of fs
      .readFileSync(path.join(dir, file), 'utf8')
      .matchAll(/'((?:publicPlayer|api|common|cookies|shell|shooting)\.[\w.]+)'/g))
      keys.add(m[1]!);
  }
  return [...keys];
}

const lookup = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

/** i18next's plural forms: a key used with a count is stored as key_one, key_other… */
const resolve = (tree: Tree, key: string): unknown => lookup(tree, key) ?? lookup(tree, `${key}_other`);

describe('the public player’s language bundles', () => {
  const keys = playerKeys();

  it('are read from the player’s code', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        'publicPlayer.error',
        'common.refresh',
        'cookies.accept',
        'shell.privacyPolicy',
        'api.ratingSuccess',
      ]),
    );
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every word the player shows, as the portal's bundle has it`, async () => {
      const player = (await playerBundles[`./player-bundles/${lang}.ts`]!()).default;
      const portal = (await portalBundles[`./bundles/${lang}.ts`]!()).default;
      for (const key of keys) {
        expect(resolve(player, key), `${lang}: ${key}`).toEqual(resolve(portal, key));
        expect(typeof resolve(player, key), `${lang}: ${key}`).toBe('string');
      }
      // And only those: the player's own file, the banner and a handful of shared keys.
      expect(Object.keys(player).sort()).toEqual(['api', 'common', 'cookies', 'publicPlayer', 'shell', 'shooting']);
    });
  }
});
