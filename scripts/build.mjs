// Builds the web portal (Vite) and the server bundle (esbuild) when their sources are newer than the
// last build, so `npm start` after a fresh clone or a change builds once and then starts at once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return latest;
}

const stale = (stamp, sources) => {
  const file = path.join(root, stamp);
  return force || !fs.existsSync(file) || fs.statSync(file).mtimeMs < newest(sources);
};

const shared = ['packages/contracts/src', 'package-lock.json'];

/** Writes .br and .gz beside every text asset, so the server sends them compressed without work per request. */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json|txt|map)$/.test(entry.name)) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

if (
  stale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/player.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    ...shared,
  ])
) {
  console.log('Building the web portal…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  precompress(path.join(root, 'apps/web/dist'));
}

if (stale('apps/server/dist/main.js', ['apps/server/src', ...shared])) {
  console.log('Building the server…');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // Chunk names carry a hash: start from an empty folder so old chunks do not pile up.
  fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
  await build({
    // The segmenter runs in a child process of the worker (modules/vision/segmentation.ts forks dist/segmenter.js);
    // report PDFs are laid out in worker threads (modules/reports/report-renderer.ts starts dist/report-render.js),
    // a picture's half-size plate search runs in one (modules/vision/plate-half-thread.ts starts dist/plate-half.js).
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      segmenter: path.join(root, 'apps/server/src/modules/vision/segmenter.process.ts'),
      'report-render': path.join(root, 'apps/server/src/modules/reports/report-render.thread.ts'),
      'plate-half': path.join(root, 'apps/server/src/modules/vision/plate-half.thread.ts'),
    },
    outdir: path.join(root, 'apps/server/dist'),
    // main.ts loads the modules lazily (after the start checks); splitting keeps that lazy in the bundle.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(pkg.dependencies ?? {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}
