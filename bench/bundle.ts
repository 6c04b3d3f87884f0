// `npm run bench -- bundle`: a production build of the web portal, then the gzip size of the JavaScript
// each route loads first: the entry chunk with its static imports, plus the route's lazy chunk with its
// own. Goal: the login route at most 150 KB gzip, no route above 300 KB.
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
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  /** The chunk and everything it imports statically: what the browser fetches before running it. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  const gzipKb = (keys: Set<string>) =>
    [...keys].reduce((sum, k) => sum + gzipSync(fs.readFileSync(path.join(outDir, manifest[k]!.file))).length, 0) / 1024;

  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  // Routes and the page module each loads lazily, read from the route table.
  const table = fs.readFileSync(path.join(web, 'src/app/routes.tsx'), 'utf8');
  const routes = new Map<string, string | null>();
  for (const line of table.split('\n')) {
    const routePath = /path:\s*(?:'([^']+)'|`([^`]+)`)/.exec(line);
    if (!routePath) continue;
    const lazy = /import\('([^']+)'\)/.exec(line);
    routes.set(routePath[1] ?? routePath[2]!, lazy ? `src/${path.posix.normalize(path.posix.join('app', lazy[1]!))}` : null);
  }
  // The frame of every route but login and the public player is a lazy layout route of its own.
  const layoutKey = Object.keys(manifest).find((k) => k === 'src/app/app-layout.tsx');
  const outsideLayout = new Set(['/login', '/public/player/:reference', '*']);

  const rows: Array<{ route: string; kb: number }> = [];
  for (const [route, module] of routes) {
    const key = module ? Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === module) : undefined;
    const keys = closure(entry);
    if (key) closure(key, keys);
    if (layoutKey && !outsideLayout.has(route)) closure(layoutKey, keys);
    rows.push({ route, kb: Number(gzipKb(keys).toFixed(1)) });
  }
  for (const row of rows) emit({ benchmark: 'bundle', route: row.route, gzipKb: row.kb });
  const login = rows.find((r) => r.route === '/login')?.kb ?? NaN;
  const largest = rows.reduce((a, b) => (b.kb > a.kb ? b : a));
  const goalMet = login <= LOGIN_GOAL_KB && largest.kb <= ROUTE_GOAL_KB;
  emit({ benchmark: 'bundle', loginGzipKb: login, largestRoute: largest.route, largestGzipKb: largest.kb, goalMet });
  recordRow('bundle', `login ${login} KB gzip; largest ${largest.route} ${largest.kb} KB gzip (${rows.length} routes)`, goalMet);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
