import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

const pgBin = (): string => {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  const latest = versions.at(-1);
  if (!latest) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(base, latest, 'bin');
};

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A PostgreSQL server of its own on 127.0.0.1, in a temporary folder, as .ci/run starts one. initdb
 * refuses root, so as root it runs as the postgres user.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, cmd), asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { stdio: 'ignore' });
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['--auth=trust', '-U', 'postgres', '-D', data]);
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
