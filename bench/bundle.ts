// `npm run bench -- bundle`: a production build of the web portal, then the gzip size of the JavaScript
// each route loads first: the entry chunk with its static imports, plus the lazy chunks of the route's
// frames and page with their own. Goal: the login route at most 150 KB gzip, no route above 300 KB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const LOGIN_GOAL_KB = 150;
const ROUTE_GOAL_KB = 300;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bundle-'));
try {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'error',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  /** The chunk and everything it imports statically: what the browser fetches before running it. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  // At the level scripts/build.mjs precompresses with: the bytes the server sends to a browser that takes
  // gzip (browsers that take brotli, all supported ones, get less).
  const gzipKb = (keys: Set<string>) =>
    [...keys].reduce(
      (sum, k) => sum + gzipSync(fs.readFileSync(path.join(outDir, manifest[k]!.file)), { level: 9 }).length,
      0,
    ) / 1024;

  // The portal's entry; the public player has its own (player.html), measured apart below.
  const entry = 'index.html';
  const manifestKey = (module: string) => {
    const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === module);
    if (!key) throw new Error(`${module} is not a chunk of the build`);
    return key;
  };
  // The lazy screens and frames of the route table (`const X = lazyPage(() => import('…'), …)`), then each
  // route with the screen it shows.
  const table = fs.readFileSync(path.join(web, 'src/app/routes.tsx'), 'utf8');
  const fromTable = (spec: string) => `src/${path.posix.normalize(path.posix.join('app', spec))}`;
  const lazyModules = new Map<string, string>();
  for (const m of table.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)/g))
    lazyModules.set(m[1]!, fromTable(m[2]!));
  const routes = new Map<string, string | null>();
  for (const line of table.split('\n')) {
    const routePath = /path:\s*(?:'([^']+)'|`([^`]+)`|(\w+))/.exec(line);
    if (!routePath) continue;
    // The element that follows the path (a frame may open the same line).
    const element = /element:\s*<(\w+)/.exec(line.slice(routePath.index));
    routes.set(routePath[1] ?? routePath[2] ?? routePath[3]!, element ? (lazyModules.get(element[1]!) ?? null) : null);
  }
  // Frames are lazy routes of their own: server state (DataScope) around the app frame (AppLayout); the
  // login page, its callback and the catch-all redirect have neither.
  const frames = (route: string): string[] =>
    ['/login', '/login/callback', 'CALLBACK_PATH', '*'].includes(route) ? [] : ['DataScope', 'AppLayout'];

  const rows: Array<{ route: string; kb: number }> = [];
  for (const [route, module] of routes) {
    const keys = closure(entry);
    for (const frame of frames(route)) closure(manifestKey(lazyModules.get(frame)!), keys);
    if (module) closure(manifestKey(module), keys);
    rows.push({ route, kb: Number(gzipKb(keys).toFixed(1)) });
  }
  // The public player's page: its entry and the page it imports at once (src/player-main.tsx).
  rows.push({
    route: '/public/player/:reference',
    kb: Number(gzipKb(closure(manifestKey('src/features/player/player-app'), closure('player.html'))).toFixed(1)),
  });
  for (const row of rows) emit({ benchmark: 'bundle', route: row.route, gzipKb: row.kb });
  // Not JavaScript a route imports, but data loaded before the first screen: the translations of the
  // language in use and of the fallback (fr), one chunk per language. Shown apart, outside the goal.
  for (const lang of ['en', 'fr']) {
    const key = Object.keys(manifest).find((k) => k === `src/i18n/bundles/${lang}.ts`);
    if (key) emit({ benchmark: 'bundle', translations: lang, gzipKb: Number(gzipKb(closure(key)).toFixed(1)) });
  }
  const login = rows.find((r) => r.route === '/login')?.kb ?? NaN;
  const largest = rows.reduce((a, b) => (b.kb > a.kb ? b : a));
  const goalMet = login <= LOGIN_GOAL_KB && largest.kb <= ROUTE_GOAL_KB;
  emit({ benchmark: 'bundle', loginGzipKb: login, largestRoute: largest.route, largestGzipKb: largest.kb, goalMet });
  recordRow(
    'bundle',
    `login ${login} KB gzip; largest ${largest.route} ${largest.kb} KB gzip (${rows.length} routes)`,
    goalMet,
  );
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
