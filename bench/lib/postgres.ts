import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchPostgres {
  url: string;
  /** The same database through the server's Unix socket (what processes on its machine should use). */
  socketUrl: string;
  stop(): void;
  /** `pg_ctl restart -m immediate`: every connection dropped, crash recovery, same port (the faults bench). */
  restartImmediate(): void;
  /** The postmaster's process id (its first line of postmaster.pid), or null when it is not running. */
  pid(): number | null;
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
 * Starts a PostgreSQL server on a free port of 127.0.0.1 with its data in `dir/data`, made by initdb when
 * missing. initdb refuses root, so as root every command runs as the postgres user.
 */
async function startIn(
  dir: string,
  options = '',
): Promise<{ port: number; socketDir: string; stop(): void; restartImmediate(): void; pid(): number | null }> {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, cmd),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args,
      { stdio: 'ignore' },
    );
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['--auth=trust', '-U', 'postgres', '-D', data]);
  }
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${options}`,
    'start',
  ]);
  return {
    port,
    socketDir: dir,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']),
    // Without -o, pg_ctl restarts with the options of the running server (postmaster.opts): same port.
    restartImmediate: () =>
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-m', 'immediate', 'restart']),
    pid: () => {
      try {
        return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
      } catch {
        return null;
      }
    },
  };
}

/** A PostgreSQL server of its own in a temporary folder, as .ci/run starts one; `stop` removes the folder. */
export async function startThrowawayPostgres(options = ''): Promise<BenchPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-pg-'));
  const server = await startIn(dir, options);
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(server.socketDir)}&port=${server.port}`,
    restartImmediate: server.restartImmediate,
    pid: server.pid,
    stop: () => {
      server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL server whose data folder is kept in `dir` between runs (a large generated data set is
 * loaded once), stopped by the caller. The database is made if missing.
 */
export async function startCachedPostgres(dir: string, database: string): Promise<BenchPostgres> {
  const server = await startIn(dir, '-c shared_buffers=256MB');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/${database}`,
    socketUrl: `postgres://postgres@/${database}?host=${encodeURIComponent(server.socketDir)}&port=${server.port}`,
    stop: server.stop,
    restartImmediate: server.restartImmediate,
    pid: server.pid,
  };
}
