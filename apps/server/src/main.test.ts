import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from './platform/blobs/fs-blob-store';
import { systemClock } from './platform/clock';
import { openSqlite } from './platform/db/database';
import { getOrCreateSecret } from './platform/secrets';
import { spawnTs, type TsProcess } from './test/child-process';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-main-'));
let dirs = 0;
const freshDir = () => fs.mkdtempSync(path.join(tmp, `${++dirs}-`));
const started: TsProcess[] = [];

function startServer(env: Record<string, string>, args: string[] = []): TsProcess {
  const p = spawnTs(main, args, {
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'info',
    DATABASE_URL: undefined,
    ...env,
  });
  started.push(p);
  return p;
}

/** Starts the server with env and expects it to refuse: the exit code and its one line on stderr. */
async function refusal(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const p = startServer({ DATA_DIR: freshDir(), ...env });
  const code = await p.exited;
  return { code, lines: p.stderr };
}

afterEach(async () => {
  for (const p of started.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('starting with a bad configuration', () => {
  // config.test.ts covers each setting's message; this is the whole process refusing on one of them.
  it('stops the start on a bad setting with one line naming the variable', async () => {
    const { code, lines } = await refusal({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Forecourt cannot start: Invalid setting PORT="eighty": /)]);
  });

  it('refuses a DATA_DIR it cannot write to', async () => {
    const file = path.join(freshDir(), 'a-file');
    fs.writeFileSync(file, '');
    const { code, lines } = await refusal({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Forecourt cannot start: DATA_DIR .*a-file\/data is not writable: /),
    ]);
  });

  it('refuses a database file that is not a database', async () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'forecourt.sqlite'), 'not a database '.repeat(500));
    const { code, lines } = await refusal({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Forecourt cannot start: Cannot open the database file .*forecourt\.sqlite: /),
    ]);
  });

  it('refuses a DATABASE_URL it cannot reach, without printing the password', async () => {
    // Port 1 on the loopback: nothing listens there.
    const { code, lines } = await refusal({ DATABASE_URL: 'postgres://forecourt:s3cret@127.0.0.1:1/forecourt' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Forecourt cannot start: Cannot reach DATABASE_URL postgres:\/\/\*\*\*@127\.0\.0\.1:1\/forecourt: /,
      ),
    ]);
  });

  it('refuses a JSON setting a module parses, with one line and no stack trace', async () => {
    const p = startServer({ DATA_DIR: freshDir(), APP_LINKS: '{not json' });
    expect(await p.exited).toBe(1);
    const refusals = p.stderr.filter((l) => l.startsWith('Forecourt cannot start'));
    expect(refusals).toEqual(['Forecourt cannot start: Invalid setting APP_LINKS: not JSON']);
    expect(p.stderr.filter((l) => /^\s+at /.test(l))).toEqual([]);
  });

  it('refuses a port another process holds, with one line and no stack trace', async () => {
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((holder.address() as { port: number }).port);
      const p = startServer({ DATA_DIR: freshDir(), PORT: port });
      expect(await p.exited).toBe(1);
      expect(p.stderr.filter((l) => l.startsWith('Forecourt cannot start'))).toEqual([
        `Forecourt cannot start: 127.0.0.1:${port} is already in use by another process: stop it, or set PORT to a free port`,
      ]);
      expect(p.stderr.filter((l) => /^\s+at /.test(l))).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it('refuses an unknown role', async () => {
    const p = startServer({ DATA_DIR: freshDir() }, ['--role=painter']);
    expect(await p.exited).toBe(1);
    expect(p.stderr).toEqual(['Forecourt cannot start: Invalid --role=painter: expected all, api or worker']);
  });
});

describe('stopping on SIGTERM', () => {
  it('finishes the request in flight, then exits 0', async () => {
    const dataDir = freshDir();
    const server = startServer({ DATA_DIR: dataDir });
    const listening = await server.printed(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(listening)![1]);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    // An upload the test signs with the server's own key, sent in two halves around the signal.
    const handle = openSqlite(path.join(dataDir, 'forecourt.sqlite'));
    const blobs = new FsBlobStore(
      path.join(dataDir, 'blobs'),
      await getOrCreateSecret(handle.db, 'blob-signing'),
      systemClock,
    );
    await handle.close();
    const url = await blobs.presignPut('uploads/slow.jpg', {
      contentType: 'image/jpeg',
      maxBytes: 2000,
      expiresInSeconds: 60,
    });
    let request!: http.ClientRequest;
    const response = new Promise<number>((resolve, reject) => {
      request = http.request(
        { host: '127.0.0.1', port, path: url, method: 'PUT', headers: { 'content-type': 'image/jpeg' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      request.on('error', reject);
    });
    request.write(Buffer.alloc(1000, 1));
    const tmpDir = path.join(dataDir, 'blobs', 'tmp');
    while (fs.readdirSync(tmpDir).length === 0) await new Promise((r) => setTimeout(r, 10));

    server.child.kill('SIGTERM');
    await server.printed(/Received SIGTERM, stopping/);
    request.end(Buffer.alloc(1000, 2));

    expect(await response).toBe(200);
    expect(await server.exited).toBe(0);
    expect((await blobs.head('uploads/slow.jpg'))?.size).toBe(2000);
  });
});

describe('roles', () => {
  it('runs the worker alone with --role=worker, listening nowhere, and stops on SIGTERM', async () => {
    const worker = startServer({ DATA_DIR: freshDir() }, ['--role=worker']);
    await worker.printed(/^Forecourt worker polling$/);
    expect(worker.output.some((l) => l.includes('Server listening'))).toBe(false);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });

  /** The nice value of each thread of a process, from /proc (field 19 of stat, after the command's parentheses). */
  const threadNices = (pid: number) =>
    fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
    });

  it('runs a worker at a lower priority, every thread of it, unless WORKER_NICE=0', async () => {
    const worker = startServer({ DATA_DIR: freshDir() }, ['--role=worker']);
    const plain = startServer({ DATA_DIR: freshDir(), WORKER_NICE: '0' }, ['--role=worker']);
    await Promise.all([worker.printed(/^Forecourt worker polling$/), plain.printed(/^Forecourt worker polling$/)]);
    const own = os.getPriority();
    const nices = threadNices(worker.child.pid!);
    expect(nices.length).toBeGreaterThan(1);
    expect(new Set(nices)).toEqual(new Set([Math.max(10, own)]));
    expect(new Set(threadNices(plain.child.pid!))).toEqual(new Set([own]));
  });

  it('serves HTTP without a worker with --role=api', async () => {
    const api = startServer({ DATA_DIR: freshDir() }, ['--role=api']);
    const listening = await api.printed(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
    const port = /127\.0\.0\.1:(\d+)/.exec(listening)![1];
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(api.output.some((l) => l.includes('worker polling'))).toBe(false);
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
  });
});
