import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { isTransientError } from '../transient-errors';
import { describeBlobStore } from './blob-store.suite';
import { S3BlobStore } from './s3-blob-store';
import { createTestAdapters } from '../../test/test-adapters';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';

describeBlobStore('s3, on s3rver', async () => {
  const s3 = await startTestS3Server();
  const adapters = await createTestAdapters(s3.env);
  return {
    store: adapters.blobs,
    upload: async (url, body, contentType) =>
      (await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'Content-Type': contentType } }))
        .status,
    download: async (url) => {
      const res = await fetch(url);
      return {
        status: res.status,
        body: Buffer.from(await res.arrayBuffer()),
        headers: Object.fromEntries(res.headers),
      };
    },
    cleanup: async () => {
      await adapters.cleanup();
      await s3.stop();
    },
  };
});

/** The S3 driver on a store of the test's own, listening on the loopback. */
const storeOn = (server: net.Server, timeouts?: { connectMs: number; idleMs: number }) =>
  new S3BlobStore({
    bucket: 'b',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    accessKeyId: 'x',
    secretAccessKey: 'y',
    forcePathStyle: true,
    ...(timeouts ? { timeouts } : {}),
  });

/** The S3 driver on the test server (s3rver), with its fixed credentials. */
const storeOnS3rver = (s3: TestS3Server) =>
  new S3BlobStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

describe('s3, a store that stops answering', () => {
  it('fails the call after the idle timeout, as an unavailable service, instead of waiting for ever', async () => {
    // Accepts connections and never answers: a half-open connection, a partitioned store.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => void sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const store = storeOn(silent, { connectMs: 200, idleMs: 200 });
    try {
      const err = await store.head('shootings/a/1.jpg').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(isTransientError(err)).toBe(true);
    } finally {
      store.destroy();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

describe('s3, a store that cuts a body on its way', () => {
  /** A store answering every GET with 1,000 bytes, whose first `cuts` answers stop after 300 and reset the connection. */
  async function cuttingStore(cuts: number) {
    const body = Buffer.alloc(1000, 7);
    let gets = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(body.length) });
      if (++gets <= cuts) res.write(body.subarray(0, 300), () => res.socket?.destroy());
      else res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const store = storeOn(server);
    return {
      store,
      body,
      gets: () => gets,
      stop: () => {
        store.destroy();
        server.closeAllConnections();
        server.close();
      },
    };
  }

  it('reads the whole object again when the connection is reset in the middle of its body', async () => {
    const s3 = await cuttingStore(2);
    try {
      expect((await s3.store.getBuffer('shootings/a/1.jpg'))?.equals(s3.body)).toBe(true);
      expect(s3.gets()).toBe(3);
    } finally {
      s3.stop();
    }
  });

  it('gives up after three cut reads, as an unavailable store, and never answers part of the object', async () => {
    const s3 = await cuttingStore(3);
    try {
      const err = await s3.store.getBuffer('shootings/a/1.jpg').then(
        () => null,
        (e: unknown) => e,
      );
      expect(isTransientError(err)).toBe(true);
      expect(s3.gets()).toBe(3);
    } finally {
      s3.stop();
    }
  });
});

describe('s3, the test server (s3rver) deleting several keys of one folder', () => {
  it('answers every DeleteObjects without a server error, so the bench counts no retries that S3 would not need', async () => {
    const s3 = await startTestS3Server();
    const statuses: number[] = [];
    s3.httpServer.prependListener(
      'request',
      (_req, res) => void res.once('finish', () => statuses.push(res.statusCode)),
    );
    const store = storeOnS3rver(s3);
    try {
      for (let round = 0; round < 10; round++) {
        const keys = [1, 2, 3].map((n) => `uploads/p${round}/${n}.jpg`);
        await Promise.all(keys.map((k) => store.put(k, Buffer.from('x'), 'image/jpeg')));
        await store.deleteMany(keys);
        for (const k of keys) expect(await store.head(k)).toBeNull();
      }
      // s3rver's own clean-up of the emptied folder raced between the keys and answered 500 (then retried).
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.length).toBe(10 * (3 + 1 + 3));
    } finally {
      store.destroy();
      await s3.stop();
    }
  });
});

describe('s3, the test server (s3rver) reading what it has just been sent', () => {
  it('answers a PUT once the object is written, so a GET right after reads every byte', async () => {
    // A busy machine's disk: each write of an object's bytes takes 30 ms more (the server runs in this
    // process; its metadata files are written at the usual pace).
    const isObjectFile = (fd: unknown) => fs.readlinkSync(`/proc/self/fd/${String(fd)}`).endsWith('_object');
    const slowed = (['write', 'writev'] as const).map((name) => {
      const original = fs[name] as (...a: unknown[]) => void;
      return vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
        if (isObjectFile(args[0])) setTimeout(() => original(...args), 30);
        else original(...args);
      }) as never);
    });
    const s3 = await startTestS3Server();
    const store = storeOnS3rver(s3);
    try {
      // As a browser sends an upload: a presigned PUT of a streamed body, then the registration's GET.
      const body = Buffer.alloc(4 * 1024 * 1024, 7);
      for (let round = 0; round < 3; round++) {
        const key = `uploads/p/${round}.jpg`;
        const url = await store.presignPut(key, {
          contentType: 'image/jpeg',
          maxBytes: body.length,
          expiresInSeconds: 60,
        });
        const put = await fetch(url, {
          method: 'PUT',
          body: Readable.toWeb(Readable.from([body])) as ReadableStream,
          headers: { 'Content-Type': 'image/jpeg' },
          duplex: 'half',
        } as RequestInit);
        expect(put.status).toBe(200);
        const blob = await store.get(key);
        expect(blob?.size).toBe(body.length);
        let read = 0;
        for await (const chunk of blob!.body) read += (chunk as Buffer).length;
        expect(read).toBe(body.length);
      }
    } finally {
      for (const spy of slowed) spy.mockRestore();
      store.destroy();
      await s3.stop();
    }
  });
});
