import type { Tree } from './merge';

/** The parts of a language's files the player shows, each as `import.meta.glob` hands one file's part. */
type Parts = Record<'publicPlayer' | 'api' | 'common' | 'cookies' | 'shell' | 'shooting', Record<string, unknown>>;

const part = (glob: Record<string, unknown>): Tree => {
  const [only] = Object.values(glob);
  if (typeof only !== 'object' || only === null) throw new Error('A player translation file is missing');
  return only as Tree;
};

// A key a language lacks stays out, so that i18next falls back to French for it, as in the portal.
const pick = (tree: Tree, keys: string[]): Tree =>
  Object.fromEntries(keys.filter((k) => k in tree).map((k) => [k, tree[k]!]));

/**
 * What the public player shows of one language (i18n/player-bundles/<lang>.ts): its own file
 * (locales/<lang>/player.json), the cookie banner, and the few keys it shares with the portal, so a
 * visitor's phone loads the player's words and not the whole portal's.
 */
export const playerTree = (parts: Parts): Tree => ({
  publicPlayer: part(parts.publicPlayer),
  api: part(parts.api),
  cookies: part(parts.cookies),
  common: pick(part(parts.common), ['loading', 'refresh']),
  shell: pick(part(parts.shell), ['privacyPolicy']),
  shooting: pick(part(parts.shooting), ['noVideo', 'badVideoFormat']),
});
