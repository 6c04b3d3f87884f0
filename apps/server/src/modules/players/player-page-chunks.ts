import fs from 'node:fs';
import path from 'node:path';

/** The portal's fallback language (apps/web/src/i18n/languages.ts), whose translations always load. */
const FALLBACK_LANGUAGE = 'fr';

/** Static imports of a built chunk (`import … from"./x.js"`, `import"./x.js"`), not its dynamic ones. */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);

/** What the player page loads before its first render, read once from the build. */
export interface PlayerChunks {
  /** The page's chunk (features/player/player-app.tsx) and its static imports. */
  page: string[];
  /** Per language, the chunk of its translations (i18n/player-bundles/<lang>.ts) and that chunk's imports. */
  languages: Map<string, string[]>;
}

const NO_CHUNKS: PlayerChunks = { page: [], languages: new Map() };

/**
 * The chunks the public player needs before it can render, but those its page (player.html, the player's
 * own entry) already lists: the page's code with its styles (the entry imports it only once it runs, see
 * apps/web/src/player-main.tsx) and the translation bundles (likewise, found in the entry's import map
 * `"./player-bundles/<lang>.ts":()=>…import("./<chunk>.js")`). Empty without a build.
 */
export function playerChunks(webDist: string | undefined): PlayerChunks {
  if (!webDist) return NO_CHUNKS;
  const assets = path.join(webDist, 'assets');
  const read = (file: string) => fs.readFileSync(path.join(assets, file), 'utf8');
  let html: string;
  let files: string[];
  try {
    html = fs.readFileSync(path.join(webDist, 'player.html'), 'utf8');
    files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  } catch {
    return NO_CHUNKS;
  }
  const withImports = (roots: (string | undefined)[]): string[] => {
    const chunks = new Set<string>();
    const visit = (file: string) => {
      if (chunks.has(file) || !files.includes(file)) return;
      chunks.add(file);
      staticImports(read(file)).forEach(visit);
    };
    roots.forEach((f) => f && visit(f));
    return [...chunks].filter((f) => !html.includes(`/assets/${f}`));
  };
  const page = files.find((f) => /^player-app-[\w-]+\.js$/.test(f));
  if (!page) return NO_CHUNKS;
  const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  const entryCode = entry && files.includes(entry) ? read(entry) : '';
  const languages = new Map(
    [
      ...entryCode.matchAll(
        /["']\.\/player-bundles\/([a-z]{2})\.ts["']\s*:\s*\(\)\s*=>[^`"']*[`"']\.\/([\w.-]+\.js)[`"']/g,
      ),
    ].map((m) => [m[1]!, withImports([m[2]])] as const),
  );
  return {
    page: withImports([page]),
    languages,
  };
}

/**
 * The language the portal will start in, as far as the server can tell: the first of Accept-Language
 * (by quality) that it has translations for, else the fallback. The visitor's stored choice is the
 * browser's alone; a wrong guess costs one more request, as without the guess.
 */
export function guessLanguage(acceptLanguage: string | undefined, known: Iterable<string>): string {
  const have = new Set(known);
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.join(';'))?.[1] ?? 1);
      return { base: tag.toLowerCase().split('-')[0]!, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return tags.find((t) => have.has(t.base))?.base ?? FALLBACK_LANGUAGE;
}

/** Modulepreload links for what the player page needs before its first render, in the guessed language. */
export function playerModulePreloads(chunks: PlayerChunks, acceptLanguage: string | undefined): string {
  const language = guessLanguage(acceptLanguage, chunks.languages.keys());
  const files = new Set([
    ...chunks.page,
    ...(chunks.languages.get(language) ?? []),
    ...(chunks.languages.get(FALLBACK_LANGUAGE) ?? []),
  ]);
  return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}">`).join('\n    ');
}
