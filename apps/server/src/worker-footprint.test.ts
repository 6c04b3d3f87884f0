import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTs } from './test/child-process';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/record-packages.fixture.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-footprint-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The packages a process started with args has loaded once it says `ready`, by their node_modules name. */
async function packagesLoaded(args: string[], ready: RegExp): Promise<Set<string>> {
  const record = path.join(tmp, `${args.join('-')}.txt`);
  const p = spawnTs(fixture, args, {
    DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')),
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_SEED: 'false',
    DATABASE_URL: undefined,
    RECORD_PACKAGES_TO: record,
  });
  try {
    await p.printed(ready);
  } finally {
    p.child.kill('SIGTERM');
    await p.exited;
  }
  const names = fs
    .readFileSync(record, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((url) => {
      const parts = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
      return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    });
  return new Set(names);
}

// Heavy packages a process loads only when it uses them: the HTTP side, the OIDC provider, the
// PDF writer, the drivers for PostgreSQL, S3 and SMTP, the segmentation model's runtime.
const LOADED_ON_USE = [
  'fastify',
  'oidc-provider',
  'pdfkit',
  'fontkit',
  'pg',
  '@aws-sdk/client-s3',
  'nodemailer',
  '@imgly/background-removal-node',
  'onnxruntime-node',
];

describe('what a process holds in memory', () => {
  it('a worker on SQLite and local files loads no HTTP code, and no heavy package before it needs it', async () => {
    const loaded = await packagesLoaded(['--role=worker'], /^Forecourt worker polling$/);
    // What every worker needs, so the record is known to work.
    expect(loaded).toContain('sharp');
    expect(loaded).toContain('kysely');
    expect(LOADED_ON_USE.filter((name) => loaded.has(name))).toEqual([]);
    // The resumable upload protocol is HTTP only; the media jobs need ffmpeg, not tus.
    expect(['@tus/server', '@tus/file-store', '@tus/s3-store'].filter((name) => loaded.has(name))).toEqual([]);
  });

  it('the API loads its HTTP side, and still no PDF writer or model runtime before a request needs it', async () => {
    const loaded = await packagesLoaded(['--role=api'], /Server listening at/);
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('oidc-provider');
    expect(LOADED_ON_USE.filter((name) => loaded.has(name) && !['fastify', 'oidc-provider'].includes(name))).toEqual(
      [],
    );
  });
});
