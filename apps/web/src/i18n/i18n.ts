import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, initialLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages';
import type { Tree } from './merge';

// One module per language (bundles/<lang>.ts merges that language's feature files); only the languages in
// use are loaded, each in one request.
const bundles = import.meta.glob<{ default: Tree }>('./bundles/*.ts');

async function loadLanguage(lang: Language): Promise<Tree> {
  const load = bundles[`./bundles/${lang}.ts`];
  if (!load) throw new Error(`No translations for ${lang}`);
  return (await load()).default;
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loadLanguage(lang), true, true);
}

/** Starts i18next on the stored or browser language, with French as the fallback. */
export async function initI18n(): Promise<typeof i18n> {
  const lang = initialLanguage();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([ensureLoaded(lang), ensureLoaded(FALLBACK_LANGUAGE)]);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
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
