import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, initialLanguage, type Language } from './languages';
import type { Tree } from './merge';

// The public player's translations (player-bundles/<lang>.ts, a few KB): one module per language, only
// the visitor's language and the fallback are loaded. The server preloads them with the page
// (apps/server/src/modules/players/player-page-chunks.ts reads this map in the build).
const bundles = import.meta.glob<{ default: Tree }>('./player-bundles/*.ts');

async function loadLanguage(lang: Language): Promise<Tree> {
  const load = bundles[`./player-bundles/${lang}.ts`];
  if (!load) throw new Error(`No player translations for ${lang}`);
  return (await load()).default;
}

/** Starts i18next for the public player, as the portal's initI18n does: stored or browser language, French fallback. */
export async function initPlayerI18n(): Promise<void> {
  const lang = initialLanguage();
  const [own, fallback] = await Promise.all([loadLanguage(lang), lang === FALLBACK_LANGUAGE ? null : loadLanguage(FALLBACK_LANGUAGE)]);
  const resources = { [lang]: { translation: own }, ...(fallback ? { [FALLBACK_LANGUAGE]: { translation: fallback } } : {}) };
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
}
