import type { Tree } from './merge';
import { languageLoader, startI18next } from './start-i18next';

// The public player's translations (player-bundles/<lang>.ts, a few KB): one module per language, only
// the visitor's language and the fallback are loaded. The server preloads them with the page
// (apps/server/src/modules/players/player-page-chunks.ts reads this map in the build).
const bundles = import.meta.glob<{ default: Tree }>('./player-bundles/*.ts');

/** Starts i18next for the public player, as the portal's initI18n does: stored or browser language, French fallback. */
export const initPlayerI18n = (): Promise<void> => startI18next(languageLoader(bundles, 'player-bundles'));
