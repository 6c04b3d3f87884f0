import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules of docs/ARCHITECTURE.md, checked on the source so that a wrong import fails here
// rather than in review.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|suite|fixture)\.tsx?$/.test(f) && !f.includes('fixture'))
    .map((f) => path.join(dir, f));

/** Every import of a file, resolved to a path under the repository when relative. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith('.') ? path.join(path.dirname(file), spec) : spec;
  });
}

const offending = (dirs: string[], forbidden: (target: string) => boolean): string[] =>
  dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((f) =>
      importsOf(f)
        .filter(forbidden)
        .map((t) => `${f} imports ${t}`),
    ),
  );

describe('import rules', () => {
  it('keeps the platform adapters free of modules, the app and the seed', () => {
    expect(
      offending(['apps/server/src/platform'], (t) =>
        /^apps\/server\/src\/(modules|seed)\/|^apps\/server\/src\/(app|main)$/.test(t),
      ),
    ).toEqual([]);
  });

  it('keeps the migrations and the schema free of application code', () => {
    expect(
      offending(
        ['apps/server/src/db'],
        (t) => t.startsWith('apps/server/src/') && !t.startsWith('apps/server/src/db/'),
      ),
    ).toEqual([]);
  });

  it('keeps the contracts free of anything but zod', () => {
    expect(
      offending(['packages/contracts/src'], (t) => !t.startsWith('packages/contracts/src/') && t !== 'zod'),
    ).toEqual([]);
  });

  it('keeps the web’s shared pieces (components, lib, api, auth, access) free of the features that use them', () => {
    const shared = ['components', 'lib', 'api', 'auth', 'access'].map((d) => `apps/web/src/${d}`);
    expect(offending(shared, (t) => t.startsWith('apps/web/src/features/'))).toEqual([]);
  });

  it('keeps the web portal off the server code', () => {
    expect(
      offending(['apps/web/src'], (t) => t.startsWith('apps/server') || t.startsWith('@forecourt/server')),
    ).toEqual([]);
  });
});

const MODULES = 'apps/server/src/modules';
// Code that seeds data for tests and the end-to-end runs: held to the rules of tests, not of the server.
const isTestSupport = (f: string) => /\.(e2e-seed|test-helpers?|test-support)\.ts$/.test(f);
const moduleOf = (f: string) => f.slice(MODULES.length + 1).split('/')[0]!;
const moduleFiles = () => sourceFiles(MODULES).filter((f) => !isTestSupport(f));

// Statements built with Kysely or written as SQL text; opening a transaction is a service's business.
const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\brawRows\(|\bexecuteQuery\(/;
// The SQL-backed drivers of the platform adapters: the queue (and its figures), the outboxes, the server secrets
// and the rate-limit windows every process shares.
const PLATFORM_SQL_DRIVERS = [
  'apps/server/src/platform/queue/sql-queue.ts',
  'apps/server/src/platform/queue/queue-stats.ts',
  'apps/server/src/platform/outbox.ts',
  'apps/server/src/platform/secrets.ts',
  'apps/server/src/platform/rate-limit.ts',
];

/**
 * A module's public files, the only ones another module may import (types included): its services
 * (`*.service.ts`), its `<name>.module.ts`, and the files its README lists under "## Public files" as
 * `` - `file.ts` ``. Everything else (repos, jobs, routes, helpers, sub-folders) is the module's own.
 */
export function isPublicFile(target: string, readmePublicFiles: readonly string[]): boolean {
  const [name, ...rest] = target.split('/');
  const file = rest.join('/');
  return (
    /(^|\/)[a-z0-9-]+\.service$/.test(file) || file === `${name}.module` || readmePublicFiles.includes(`${file}.ts`)
  );
}

/**
 * The files a module's README lists as public: every `file.ts` named on a bullet of its "## Public files"
 * section, or on a "- **Public files**:" bullet and its indented continuation lines.
 */
export function publicFilesOf(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Public files'));
  const bullets = section?.split('\n').filter((line) => /^\s*- /.test(line)) ?? [];
  const inline = readme.match(/^- \*\*Public files\*\*:.*(?:\n {2,}\S.*)*/m)?.[0];
  return [...bullets, ...(inline ? [inline] : [])].flatMap((line) =>
    [...line.matchAll(/`([a-z0-9./-]+\.ts)`/g)].map((m) => m[1]!),
  );
}

/** Imports of another module's private files: `[importer, target]` pairs, targets relative to modules/. */
export function privateImports(
  imports: readonly (readonly [string, string])[],
  publicFiles: (module: string) => string[],
) {
  return imports.filter(([from, target]) => {
    // The files at the root of modules/ (module.ts, server-modules.ts) are the frame every module plugs into.
    if (!target.includes('/')) return false;
    const module = target.split('/')[0]!;
    return from.split('/')[0] !== module && !isPublicFile(target, publicFiles(module));
  });
}

describe('the public files of a module', () => {
  const readme = [
    '# x',
    '## Public files (used by y)',
    '- `user-context.ts`: who.',
    '- `auth.ts` (with `claims.ts`)',
    'Everything else (`identity.repo.ts`) is internal.',
    '## Jobs',
    '- `x.jobs.ts`',
  ].join('\n');

  it('reads the public files a README lists, and only from the bullets of its section', () => {
    expect(publicFilesOf(readme)).toEqual(['user-context.ts', 'auth.ts', 'claims.ts']);
    const inline =
      '# y\n\n- **Routes**: `y.routes.ts`.\n- **Public files**: `a.service.ts` (x), `b.ts`\n  and `c.ts`.\n- `d.ts`\n';
    expect(publicFilesOf(inline)).toEqual(['a.service.ts', 'b.ts', 'c.ts']);
    expect(publicFilesOf('# x\n\n- `auth.ts`\n')).toEqual([]);
  });

  it('lets a module import another module’s services, module file and listed files, nothing else', () => {
    const files = (m: string) => (m === 'identity' ? publicFilesOf(readme) : []);
    expect(
      privateImports(
        [
          ['players/players.service.ts', 'identity/user-context'],
          ['players/players.service.ts', 'shootings/shooting-scope.service'],
          ['server-modules.ts', 'players/players.module'],
          ['players/players.jobs.ts', 'players/players.repo'],
          ['images/images.jobs.ts', 'players/players.jobs'],
          ['images/uploads.service.ts', 'identity/identity.repo'],
          ['web-config/web-config.routes.ts', 'identity/oidc/provider'],
          ['web-config/web-config.routes.ts', 'identity/signing-keys'],
        ],
        files,
      ),
    ).toEqual([
      ['images/images.jobs.ts', 'players/players.jobs'],
      ['images/uploads.service.ts', 'identity/identity.repo'],
      ['web-config/web-config.routes.ts', 'identity/oidc/provider'],
      ['web-config/web-config.routes.ts', 'identity/signing-keys'],
    ]);
  });
});

/**
 * A cycle of the graph (each node's targets), as the nodes on it with the first one again at the end, or null.
 * Depth-first, in the order of the keys, so that a failure names the same loop every run.
 */
export function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The part of the server a file belongs to when reading the layers: a module's folder, a folder of src
 * (platform, seed, db, http), or a file of its own (main.ts, app.ts, modules/module.ts, ...).
 */
export function partOf(file: string): string {
  const [top, name, ...rest] = file.split('/');
  if (top === 'modules' && rest.length > 0) return `modules/${name}/`;
  return name === undefined ? top! : top === 'modules' ? `modules/${name}` : `${top}/`;
}

describe('finding import cycles', () => {
  it('finds a loop and names it from its first node, and answers null where there is none', () => {
    const graph = (edges: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) g.set(a, (g.get(a) ?? new Set()).add(b));
      return g;
    };
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toBeNull();
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'b'],
        ]),
      ),
    ).toEqual(['b', 'c', 'b']);
    expect(findCycle(graph([['x', 'x']]))).toEqual(['x', 'x']);
  });

  it('reads a module folder, a folder of src and a file of its own as one part each', () => {
    expect(partOf('modules/players/players.repo.ts')).toBe('modules/players/');
    expect(partOf('modules/live/rooms/live.repo.ts')).toBe('modules/live/');
    expect(partOf('modules/module.ts')).toBe('modules/module.ts');
    expect(partOf('platform/blobs/s3-objects.ts')).toBe('platform/');
    expect(partOf('app.ts')).toBe('app.ts');
  });
});

describe('no import cycle in the server', () => {
  // Every file of the server but the tests and the test folder (test/: helpers, e2e seeds), fixtures and
  // test helpers beside the code included: what they import counts like any other file's.
  const SERVER = 'apps/server/src';
  const files = fs
    .readdirSync(path.join(root, SERVER), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'));
  const known = new Set(files);
  const resolve = (target: string) =>
    [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target].find((f) => known.has(f));
  const imports = files.flatMap((f) =>
    importsOf(path.join(SERVER, f))
      .filter((t) => t.startsWith(`${SERVER}/`))
      .flatMap((t) => {
        const target = resolve(t.slice(SERVER.length + 1));
        return target ? [[f, target] as const] : [];
      }),
  );
  const graphOf = (edges: readonly (readonly [string, string])[]) => {
    const graph = new Map<string, Set<string>>();
    for (const [from, to] of edges) if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    return graph;
  };

  it('has no two files importing each other, directly or round a loop', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(findCycle(graphOf(imports))).toBeNull();
  });

  it('has no loop between modules, platform, seed and the app: every import goes down the layers', () => {
    expect(findCycle(graphOf(imports.map(([from, to]) => [partOf(from), partOf(to)] as const)))).toBeNull();
  });
});

describe('the shape of the server modules', () => {
  it('reaches another module only through its public files (isPublicFile)', () => {
    const readmes = new Map<string, string[]>();
    const publicFiles = (module: string) => {
      if (!readmes.has(module)) {
        const readme = path.join(root, MODULES, module, 'README.md');
        readmes.set(module, fs.existsSync(readme) ? publicFilesOf(fs.readFileSync(readme, 'utf8')) : []);
      }
      return readmes.get(module)!;
    };
    const imports = moduleFiles().flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith(`${MODULES}/`))
        .map((t) => [f.slice(MODULES.length + 1), t.slice(MODULES.length + 1)] as const),
    );
    expect(imports.length).toBeGreaterThan(100);
    expect(privateImports(imports, publicFiles).map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it('writes SQL only in repos (*.repo.ts), platform/db and the SQL drivers of the adapters', () => {
    const files = [...moduleFiles(), ...sourceFiles('apps/server/src/platform')];
    const withSql = files.filter(
      (f) =>
        !f.endsWith('.repo.ts') &&
        !f.startsWith('apps/server/src/platform/db/') &&
        !PLATFORM_SQL_DRIVERS.includes(f) &&
        SQL.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(withSql).toEqual([]);
  });

  it('keeps route files off repos: a handler calls a service', () => {
    const routes = moduleFiles().filter((f) => f.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    expect(
      routes.flatMap((f) =>
        importsOf(f)
          .filter((t) => t.endsWith('.repo'))
          .map((t) => `${f} imports ${t}`),
      ),
    ).toEqual([]);
  });

  it('lets no module import another module’s routes, the demo seed or app.ts', () => {
    const wrong = moduleFiles().flatMap((f) =>
      importsOf(f)
        .filter(
          (t) =>
            t.startsWith('apps/server/src/seed/') ||
            t === 'apps/server/src/app' ||
            (t.startsWith(`${MODULES}/`) && t.endsWith('.routes') && moduleOf(t) !== moduleOf(f)),
        )
        .map((t) => `${f} imports ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  it('lets a module call another module’s services, never its repo (its types are fine)', () => {
    const wrong = moduleFiles().flatMap((f) => {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s*'(\.\.\/[^']+\.repo)'/gm)]
        .map((m) => path.join(path.dirname(f), m[1]!))
        .filter((t) => t.startsWith(`${MODULES}/`) && moduleOf(t) !== moduleOf(f))
        .map((t) => `${f} imports ${t}`);
    });
    expect(wrong).toEqual([]);
  });

  it('keeps job files thin: a handler calls a service, never a repo nor sharp', () => {
    const jobs = moduleFiles().filter((f) => f.endsWith('.jobs.ts'));
    expect(jobs.length).toBeGreaterThan(5);
    const wrong = jobs.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.endsWith('.repo') || t === 'sharp')
        .map((t) => `${f} imports ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  it('writes services as plain functions taking their deps first, never as factories', () => {
    const services = moduleFiles().filter((f) => f.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(20);
    const factories = services.flatMap((f) =>
      [
        ...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/^export (?:function|const) (create\w*Service)\b/gm),
      ].map((m) => `${f}: ${m[1]}`),
    );
    expect(factories).toEqual([]);
  });

  it('gives every module one <name>.module.ts, registered in the one list', () => {
    const folders = fs
      .readdirSync(path.join(root, MODULES), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const listed = importsOf(`${MODULES}/server-modules.ts`)
      .filter((t) => t.endsWith('.module'))
      .map((t) => t.slice(MODULES.length + 1));
    expect(listed.sort()).toEqual(folders.map((name) => `${name}/${name}.module`).sort());
  });

  it('loads route files only from the modules’ routes hooks, so a worker never holds them', () => {
    const staticRouteImports = moduleFiles()
      .filter((f) => !f.endsWith('.routes.ts'))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        return [...text.matchAll(/^import\s[^;]*?from\s*'([^']+\.routes)'/gm)].map((m) => `${f} imports ${m[1]}`);
      });
    expect(staticRouteImports).toEqual([]);
  });
});
