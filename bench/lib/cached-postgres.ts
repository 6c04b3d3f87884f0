import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const pgBin = (): string => {
  const base = '/usr/lib/postgresql';
  const latest = (fs.existsSync(base) ? fs.readdirSync(base) : []).sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!latest) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
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
 * A PostgreSQL server whose data folder is kept in `dir` between runs (a large generated data set is
 * loaded once), started on a free port of 127.0.0.1 and stopped by the caller. The database is made if missing.
 */
export async function startCachedPostgres(dir: string, database: string): Promise<{ url: string; stop(): void }> {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, cmd), asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { stdio: 'ignore' });
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['--auth=trust', '-U', 'postgres', '-D', data]);
  }
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB`, 'start']);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  await admin.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']) };
}
