import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, initialLanguage, type Language } from './languages';
import type { Tree } from './merge';

/** One module per language, as `import.meta.glob` lists a folder of them (`./<folder>/<lang>.ts`). */
export type LanguageModules = Record<string, () => Promise<{ default: Tree }>>;

/** Loads one language's translations from its module in the folder. */
export function languageLoader(modules: LanguageModules, folder: string): (lang: Language) => Promise<Tree> {
  return async (lang) => {
    const load = modules[`./${folder}/${lang}.ts`];
    if (!load) throw new Error(`No translations for ${lang} in ${folder}`);
    return (await load()).default;
  };
}

/**
 * Starts i18next on the stored or browser language, with French as the fallback: both loaded first, so no
 * screen shows an untranslated key. Shared by the portal (i18n.ts) and the public player (player-i18n.ts),
 * which load different translations.
 */
export async function startI18next(load: (lang: Language) => Promise<Tree>): Promise<void> {
  const lang = initialLanguage();
  const [own, fallback] = await Promise.all([load(lang), lang === FALLBACK_LANGUAGE ? null : load(FALLBACK_LANGUAGE)]);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {
      [lang]: { translation: own },
      ...(fallback ? { [FALLBACK_LANGUAGE]: { translation: fallback } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
}
