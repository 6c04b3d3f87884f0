// The Debian packages the test suites drive, and their installation before `npm test` runs anything.
// As root, or where `sudo -n` works, the missing ones are installed without a question; otherwise the
// run stops at once with one line naming the command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/sbin'])
    .some((dir) => dir && executable(`${dir}/${name}`));
const postgresBin = () => {
  try {
    return fs.readdirSync('/usr/lib/postgresql').some((v) => executable(`/usr/lib/postgresql/${v}/bin/initdb`));
  } catch {
    return false;
  }
};

/** Each package with the test that finds it installed, and the suites that need it. */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', present: () => executable('/usr/bin/chromium'), why: 'the end-to-end suite' },
  { name: 'poppler-utils', present: () => onPath('pdftoppm'), why: 'the PDF report checks' },
  { name: 'postgresql', present: postgresBin, why: 'the two-process and PostgreSQL tests' },
  {
    name: 'ffmpeg',
    present: () => executable('/usr/bin/ffmpeg') && executable('/usr/bin/ffprobe'),
    why: 'the video tests',
  },
  { name: 'iproute2', present: () => onPath('ip'), why: "the live tests' network namespace" },
  { name: 'janus', present: () => executable('/usr/bin/janus'), why: 'the live SFU tests' },
  { name: 'coturn', present: () => executable('/usr/bin/turnserver'), why: 'the live TURN tests' },
  { name: 'janus-tools', present: () => executable('/usr/bin/janus-pp-rec'), why: 'the recorded-call tests' },
  { name: 'haproxy', present: () => onPath('haproxy'), why: 'the two-API-process live test' },
  { name: 'curl', present: () => onPath('curl'), why: "the API guide's curl examples, run as pasted" },
];

export const missingPackages = () => SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name);

const installCommand = (names) =>
  `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${names.join(' ')}`;

/** How this process may run apt-get without a question: as root, through `sudo -n`, or not at all. */
function privilege() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : null;
}

const run = (prefix, args) => {
  const [cmd, ...rest] = [...prefix, ...args];
  const r = spawnSync(cmd, rest, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
};

/**
 * Installs what is missing, or explains in one line how to. Returns true when every package is there.
 * `FORECOURT_SKIP_SYSTEM_PACKAGES=1` skips the step for a machine that provides them in another way.
 */
export function ensureSystemPackages(log = console.log) {
  if (process.env.FORECOURT_SKIP_SYSTEM_PACKAGES === '1') return true;
  const missing = missingPackages();
  if (missing.length === 0) return true;
  const prefix = privilege();
  const aptGet = executable('/usr/bin/apt-get');
  if (!prefix || !aptGet) {
    const how = aptGet ? `sudo sh -c '${installCommand(missing)}'` : `install ${missing.join(', ')} (Debian names)`;
    log(`npm test needs system packages it cannot install without a password: run  ${how}`);
    return false;
  }
  log(`\n=== installing the Debian packages the tests need: ${missing.join(' ')} ===`);
  const ok =
    run(prefix, ['apt-get', 'update', '-qq']) &&
    run(prefix, ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
  const still = missingPackages();
  if (!ok || still.length) {
    log(
      `npm test could not install ${still.join(' ') || missing.join(' ')}: run  ${installCommand(still.length ? still : missing)}  as root`,
    );
    return false;
  }
  return true;
}

// `node scripts/system-packages.mjs`: the same step alone (CI's PostgreSQL pass on a tree as it is).
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname)) {
  process.exit(ensureSystemPackages() ? 0 : 1);
}
