import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestAdapters } from '../../test/test-adapters';
import { systemClock } from '../clock';
import { describeBlobStore } from './blob-store.suite';
import { FsBlobStore } from './fs-blob-store';

describeBlobStore('fs, through the /blobs routes', async () => {
  const adapters = await createTestAdapters();
  const app = await buildApp(adapters);
  return {
    store: adapters.blobs,
    upload: async (url, body, contentType) =>
      (await app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } })).statusCode,
    download: async (url) => {
      const res = await app.inject({ method: 'GET', url });
      const headers = Object.fromEntries(
        Object.entries(res.headers).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
      );
      return { status: res.statusCode, body: res.rawPayload, headers };
    },
    cleanup: async () => {
      await app.close();
      await adapters.cleanup();
    },
  };
});

describe('fs: what a killed process left in blobs/tmp', () => {
  it('is swept at the next start, whatever its age; a live process’s writes are kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-fs-tmp-'));
    try {
      const store = new FsBlobStore(dir, 'secret', systemClock);
      // A process that ran and is gone: its pid is free.
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      const tmp = path.join(dir, 'tmp');
      for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(tmp, `${gone}-left-${i}`), 'x');
      fs.writeFileSync(path.join(tmp, `${process.ppid}-sibling`), 'x');
      expect(await store.sweepAbandoned()).toBe(20);
      expect(fs.readdirSync(tmp)).toEqual([`${process.ppid}-sibling`]);
      // Its own writes are named by its pid, and go in the end.
      await store.put('a/b.txt', Buffer.from('hello'), 'text/plain');
      expect((await store.getBuffer('a/b.txt'))?.toString()).toBe('hello');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fs: reading a blob', () => {
  it('streams a 4 MB picture in chunks of up to 1 MiB and a small one in one chunk, byte for byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-fs-read-'));
    try {
      const store = new FsBlobStore(dir, 'secret', systemClock);
      const big = Buffer.alloc(4 * 1024 * 1024 + 10, 7);
      const small = Buffer.alloc(200 * 1024, 3);
      await store.put('big.jpg', big, 'image/jpeg');
      await store.put('small.jpg', small, 'image/jpeg');
      const chunksOf = async (key: string) => {
        const chunks: Buffer[] = [];
        for await (const c of (await store.get(key))!.body) chunks.push(c as Buffer);
        return chunks;
      };
      const bigChunks = await chunksOf('big.jpg');
      expect(Buffer.concat(bigChunks).equals(big)).toBe(true);
      expect(bigChunks.length).toBe(5);
      const smallChunks = await chunksOf('small.jpg');
      expect(Buffer.concat(smallChunks).equals(small)).toBe(true);
      expect(smallChunks.length).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
