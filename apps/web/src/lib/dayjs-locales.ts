// Only the language in use is fetched (English is dayjs's own).
const DAYJS_LOCALES: Record<string, () => Promise<unknown>> = {
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  pl: () => import('dayjs/locale/pl'),
  de: () => import('dayjs/locale/de'),
  it: () => import('dayjs/locale/it'),
  nl: () => import('dayjs/locale/nl'),
  pt: () => import('dayjs/locale/pt'),
  sv: () => import('dayjs/locale/sv'),
  da: () => import('dayjs/locale/da'),
};
const loaded = new Set(['en']);

export const isDayjsLocaleLoaded = (lang: string): boolean => loaded.has(lang) || !DAYJS_LOCALES[lang];

/** Registers the language's dayjs locale (first day of the week, month names). */
export async function loadDayjsLocale(lang: string): Promise<void> {
  if (loaded.has(lang) || !DAYJS_LOCALES[lang]) return;
  await DAYJS_LOCALES[lang]();
  loaded.add(lang);
}
