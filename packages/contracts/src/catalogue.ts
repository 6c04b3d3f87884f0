/**
 * The one translation catalogue format of the portal, the sign-in pages and the PDF reports: per language
 * and per feature, `<folder>/<lang>/<feature>.json`, each file a tree of strings under the feature's name,
 * placeholders written `{{name}}` (i18next's syntax), French filling any key a language lacks.
 */
export const CATALOGUE_LANGUAGES = ['en', 'fr', 'es', 'pl', 'de', 'it', 'nl', 'pt', 'sv', 'da'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];
export const CATALOGUE_FALLBACK: CatalogueLanguage = 'fr';

export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** Deep-merges trees, a later one's texts over an earlier one's (a language over its fallback). */
export function mergeCatalogues(trees: CatalogueTree[]): CatalogueTree {
  const out: CatalogueTree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const existing = out[k];
      out[k] = typeof v === 'object' && typeof existing === 'object' ? mergeCatalogues([existing, v]) : v;
    }
  }
  return out;
}

/** The dotted keys of every text in a tree. */
export const catalogueKeys = (tree: CatalogueTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : catalogueKeys(v, `${prefix}${k}.`),
  );

/** What a language's file lacks against the English one: keys missing, and texts left empty. */
export function catalogueGaps(english: CatalogueTree, tree: CatalogueTree): { missing: string[]; empty: string[] } {
  const present = new Set(catalogueKeys(tree));
  const text = (key: string) =>
    key.split('.').reduce<CatalogueTree | string | undefined>((t, part) => (t as CatalogueTree)?.[part], tree);
  return {
    missing: catalogueKeys(english).filter((k) => !present.has(k)),
    empty: catalogueKeys(tree).filter((k) => text(k) === ''),
  };
}

/** Each language's texts with the fallback's under them, so that a missing key reads the French text. */
export function withFallback<T extends object>(byLanguage: Record<CatalogueLanguage, T>): Record<CatalogueLanguage, T> {
  const tree = (lang: CatalogueLanguage) => byLanguage[lang] as unknown as CatalogueTree;
  return Object.fromEntries(
    CATALOGUE_LANGUAGES.map((lang) => [lang, mergeCatalogues([tree(CATALOGUE_FALLBACK), tree(lang)])]),
  ) as unknown as Record<CatalogueLanguage, T>;
}

/** Fills `{{name}}` placeholders, as i18next does on the web. */
export const interpolate = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
