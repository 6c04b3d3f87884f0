import { CATALOGUE_FALLBACK, CATALOGUE_LANGUAGES, type CatalogueLanguage } from '@forecourt/contracts/catalogue';

// The ten languages and the fallback of every catalogue (portal, sign-in pages, reports).
export const LANGUAGES = CATALOGUE_LANGUAGES;
export type Language = CatalogueLanguage;
export const FALLBACK_LANGUAGE: Language = CATALOGUE_FALLBACK;
export const LANGUAGE_STORAGE_KEY = 'forecourt.language';

/** Names shown in the language selectors, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  sv: 'Svenska',
  da: 'Dansk',
};

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The stored choice, else the browser's language, else the fallback. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
