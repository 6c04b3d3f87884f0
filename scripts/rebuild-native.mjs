// `npm run rebuild-native [-- --nodedir=DIR]`: builds the native modules (better-sqlite3, and unix-dgram,
// which janode imports for its Unix-socket transport) for the Node.js running this script.
//
// Node.js 24's `node_object_wrap.h` registers an environment cleanup hook per wrapped object and removes
// it in the destructor with `RemoveEnvironmentCleanupHook(Isolate::GetCurrent(), ...)`. When V8 collects
// a better-sqlite3 Statement where no context is entered (a GC during a microtask checkpoint or at
// teardown), that call finds no Environment and aborts the process with `Assertion failed: (env) !=
// nullptr` (nodejs/node#65195, WiseLibs/better-sqlite3#1515). The hook only frees wrapped objects still
// alive when the Environment ends, which the process exit does anyway, so the build uses a copy of the
// headers whose ObjectWrap registers no hook: the ObjectWrap of Node.js 20 and 22. Headers without the
// hook are used as they are.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const given = process.argv.find((a) => a.startsWith('--nodedir='))?.slice('--nodedir='.length);
// The node package of the npm registry and the official tarballs keep include/ beside bin/.
const nodedir = path.resolve(given ?? path.join(path.dirname(process.execPath), '..'));
const header = path.join(nodedir, 'include/node/node_object_wrap.h');
if (!fs.existsSync(header)) {
  console.error(`No Node.js headers at ${nodedir}/include/node: pass --nodedir=<folder holding include/node>`);
  process.exit(1);
}

const text = fs.readFileSync(header, 'utf8');
const withoutHook = text
  .replace(/void AddCleanupHook\(\) \{[^}]*\}/, 'void AddCleanupHook() {}')
  .replace(/void RemoveCleanupHook\(\) \{[^}]*\}/, 'void RemoveCleanupHook() {}');

let buildDir = nodedir;
let tmp;
if (withoutHook !== text) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-node-headers-'));
  fs.cpSync(path.join(nodedir, 'include'), path.join(tmp, 'include'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'include/node/node_object_wrap.h'), withoutHook);
  buildDir = tmp;
}

const NATIVE_MODULES = ['better-sqlite3', 'unix-dgram'];
console.log(
  `Building ${NATIVE_MODULES.join(', ')} for Node.js ${process.version} (headers ${buildDir === nodedir ? 'as shipped' : 'without the ObjectWrap cleanup hook'})`,
);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['rebuild', ...NATIVE_MODULES, `--nodedir=${buildDir}`], {
  cwd: root,
  stdio: 'inherit',
  // The rebuild must compile for this Node.js, whatever node is first on the caller's PATH.
  env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` },
});
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(r.status ?? 1);
