import i18n from 'i18next';
import { LANGUAGE_STORAGE_KEY, type Language } from './languages';
import type { Tree } from './merge';
import { languageLoader, startI18next } from './start-i18next';

// One module per language (bundles/<lang>.ts merges that language's feature files); only the languages in
// use are loaded, each in one request.
const loadLanguage = languageLoader(import.meta.glob<{ default: Tree }>('./bundles/*.ts'), 'bundles');

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loadLanguage(lang), true, true);
}

/** Starts i18next on the stored or browser language, with French as the fallback. */
export async function initI18n(): Promise<typeof i18n> {
  await startI18next(loadLanguage);
  return i18n;
}

/** Switches the language, loading its files first, and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLoaded(lang);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export { i18n };
