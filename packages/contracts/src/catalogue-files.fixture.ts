import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_LANGUAGES, catalogueGaps, type CatalogueTree } from './catalogue';

/** One file of a catalogue folder and, per language, what it lacks against English (node only: a fixture of the completeness tests, so the contracts the browser loads stay zod-only). */
export interface CatalogueFileGaps {
  file: string;
  absent: string[];
  gaps: Array<{ lang: string; missing: string[]; empty: string[] }>;
}

const read = (file: string): CatalogueTree | null =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CatalogueTree) : null;

/**
 * The completeness check every catalogue folder passes (`<folder>/<lang>/<feature>.json`): each English
 * file exists in all ten languages with every key, and no text is empty.
 */
export function catalogueFolderGaps(folder: string): CatalogueFileGaps[] {
  const files = fs.readdirSync(path.join(folder, 'en')).filter((f) => f.endsWith('.json'));
  return files.map((file) => {
    const english = read(path.join(folder, 'en', file))!;
    const absent: string[] = [];
    const gaps: CatalogueFileGaps['gaps'] = [];
    for (const lang of CATALOGUE_LANGUAGES) {
      const tree = read(path.join(folder, lang, file));
      if (!tree) absent.push(lang);
      else gaps.push({ lang, ...catalogueGaps(english, tree) });
    }
    return { file, absent, gaps: gaps.filter((g) => g.missing.length > 0 || g.empty.length > 0) };
  });
}
