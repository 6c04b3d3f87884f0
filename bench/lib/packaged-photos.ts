// The real photos of bench/fixtures/angle-labels-packaged.json (decision 0074): files of Debian packages, fetched
// with apt-get into bench/out/packages/ (never into the repository) and read from there. Only the labelled files
// are unpacked; the package's version is recorded beside them so that a row says what was measured.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface PackagedPhoto {
  package: string;
  /** Path inside the package, without the leading slash. */
  path: string;
  /** The view it shows; null: not a car, nothing should be named. */
  angle: string | null;
  /**
   * Cut out on a transparent ground, so placed on a plain backdrop before it is measured: `studio`, a whole car
   * with a margin around it; `close-up`, as cut (a wheel filling the frame).
   */
  cutOut?: 'studio' | 'close-up';
  note: string;
}

export interface PackagedLabels {
  packages: Record<string, string>;
  photos: PackagedPhoto[];
}

const run = (command: string, args: string[], cwd: string) => {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr || r.error?.message}`);
  return r.stdout;
};

/**
 * Unpacks the labelled files of one package into `dir/NAME/` unless they are there, and answers its version.
 * `apt-get download` needs the package lists (`apt-get update` once on a new machine).
 */
export function unpack(name: string, files: string[], dir: string): string {
  const into = path.join(dir, name);
  const stamp = path.join(into, '.version');
  if (fs.existsSync(stamp) && files.every((f) => fs.existsSync(path.join(into, f))))
    return fs.readFileSync(stamp, 'utf8').trim();
  fs.mkdirSync(into, { recursive: true });
  for (const old of fs.readdirSync(dir).filter((f) => f.startsWith(`${name}_`) && f.endsWith('.deb')))
    fs.rmSync(path.join(dir, old));
  run('apt-get', ['download', '-qq', name], dir);
  const deb = fs.readdirSync(dir).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${name} left no .deb in ${dir}`);
  const debPath = path.join(dir, deb);
  const version = run('dpkg-deb', ['-f', debPath, 'Version'], dir).trim();
  // Only the labelled members: the stamps package alone unpacks to hundreds of megabytes of sounds.
  const tar = path.join(dir, `${name}.tar`);
  fs.writeFileSync(tar, spawnSync('dpkg-deb', ['--fsys-tarfile', debPath], { maxBuffer: 1 << 30 }).stdout);
  run('tar', ['-xf', tar, '-C', into, ...files.map((f) => `./${f}`)], dir);
  fs.rmSync(tar);
  fs.rmSync(debPath);
  fs.writeFileSync(stamp, `${version}\n`);
  return version;
}

const BACKDROP = '#d9d9d9';

/**
 * A cut-out on a plain light-grey backdrop. `studio`: as a studio would shoot a whole car, the frame 3:2, the car
 * about 80 % of its width or 90 % of its height, centred. `close-up`: the cut-out's own frame.
 */
export async function onBackdrop(image: Buffer, framing: 'studio' | 'close-up' = 'studio'): Promise<Buffer> {
  if (framing === 'close-up') return sharp(image).flatten({ background: BACKDROP }).png().toBuffer();
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const frameWidth = Math.round(Math.max(width / 0.8, (1.5 * height) / 0.9));
  const frameHeight = Math.round(frameWidth / 1.5);
  const left = Math.round((frameWidth - width) / 2);
  const top = Math.round((frameHeight - height) / 2);
  // sharp flattens before it extends, whatever the order of the calls: the margin is drawn opaque.
  return sharp(image)
    .flatten({ background: BACKDROP })
    .extend({ left, right: frameWidth - width - left, top, bottom: frameHeight - height - top, background: BACKDROP })
    .png()
    .toBuffer();
}
