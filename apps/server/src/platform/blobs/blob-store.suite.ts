import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';

export interface Download {
  status: number;
  body: Buffer;
  headers: Record<string, string | undefined>;
}

/** A store and the way a browser reaches its presigned URLs (the /blobs routes, or the S3 server). */
export interface BlobStoreHarness {
  store: BlobStore;
  upload(url: string, body: Buffer, contentType: string): Promise<number>;
  download(url: string): Promise<Download>;
  cleanup(): Promise<void>;
}

/**
 * The behaviour every blob store driver must have. Each driver's test file calls this with a harness
 * on a real backend (a temporary folder, an S3-compatible server on 127.0.0.1).
 */
export function describeBlobStore(driver: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`blob store (${driver} driver)`, () => {
    let h: BlobStoreHarness;
    let n = 0;
    // Every test writes under a key of its own, so the tests do not depend on each other.
    const key = (name: string) => `suite/${++n}/${name}`;

    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h.cleanup();
    });

    it('stores a local file, which is then gone, and reads any range of it back', async () => {
      const k = key('clip.mp4');
      const body = randomBytes(300_000);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-putfile-')), 'clip.mp4');
      fs.writeFileSync(file, body);
      await h.store.putFile(k, file, 'video/mp4');
      expect(fs.existsSync(file)).toBe(false);
      expect(await h.store.head(k)).toEqual({ size: body.length, contentType: 'video/mp4' });
      const part = (await h.store.getRange(k, 1000, 200_999))!;
      expect(part.size).toBe(200_000);
      const chunks: Buffer[] = [];
      for await (const c of part.body) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(body.subarray(1000, 201_000))).toBe(true);
      expect(await h.store.getRange(key('missing.mp4'), 0, 9)).toBeNull();
      // A path to read it from (ffmpeg's inputs) where the driver keeps it on this disk; never for a missing blob.
      const local = await h.store.localFile(k);
      if (h.store.driver === 'fs') expect(fs.readFileSync(local!).equals(body)).toBe(true);
      else expect(local).toBeNull();
      expect(await h.store.localFile(key('missing.mp4'))).toBeNull();
    });

    it('reads back what was put, with its size and content type', async () => {
      const k = key('photo.jpg');
      const body = randomBytes(70_000);
      await h.store.put(k, body, 'image/jpeg');
      expect(await h.store.head(k)).toEqual({ size: body.length, contentType: 'image/jpeg' });
      expect((await h.store.getBuffer(k))?.equals(body)).toBe(true);
      const obj = await h.store.get(k);
      expect(obj?.contentType).toBe('image/jpeg');
      const chunks: Buffer[] = [];
      for await (const c of obj!.body) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
    });

    it('answers null for a key that was never written', async () => {
      const k = key('absent.png');
      expect(await h.store.head(k)).toBeNull();
      expect(await h.store.get(k)).toBeNull();
      expect(await h.store.getBuffer(k)).toBeNull();
      await expect(h.store.delete(k)).resolves.toBeUndefined();
    });

    it('replaces a blob written twice under the same key', async () => {
      const k = key('report.pdf');
      await h.store.put(k, Buffer.from('first version'), 'application/pdf');
      await h.store.put(k, Buffer.from('second'), 'text/plain');
      expect((await h.store.getBuffer(k))?.toString()).toBe('second');
      expect(await h.store.head(k)).toEqual({ size: 6, contentType: 'text/plain' });
    });

    it('deletes one blob', async () => {
      const k = key('gone.txt');
      await h.store.put(k, Buffer.from('x'), 'text/plain');
      await h.store.delete(k);
      expect(await h.store.head(k)).toBeNull();
    });

    it('deletes several blobs at once, a missing one being no error, and nothing else', async () => {
      const [a, b, kept] = [key('many-a.jpg'), key('many-b.jpg'), key('many-kept.jpg')];
      for (const k of [a, b, kept]) await h.store.put(k, Buffer.from(k), 'image/jpeg');
      await h.store.deleteMany([a, b, key('never-written.jpg')]);
      expect(await h.store.head(a)).toBeNull();
      expect(await h.store.head(b)).toBeNull();
      expect((await h.store.getBuffer(kept))?.toString()).toBe(kept);
      await expect(h.store.deleteMany([])).resolves.toBeUndefined();
    });

    it('deletes a folder with everything below it and nothing beside it', async () => {
      const base = key('shooting');
      await h.store.put(`${base}/a/1.jpg`, Buffer.from('1'), 'image/jpeg');
      await h.store.put(`${base}/a/deep/2.jpg`, Buffer.from('2'), 'image/jpeg');
      await h.store.put(`${base}/ab/3.jpg`, Buffer.from('3'), 'image/jpeg');
      await h.store.deletePrefix(`${base}/a/`);
      expect(await h.store.head(`${base}/a/1.jpg`)).toBeNull();
      expect(await h.store.head(`${base}/a/deep/2.jpg`)).toBeNull();
      expect((await h.store.getBuffer(`${base}/ab/3.jpg`))?.toString()).toBe('3');
    });

    it('lists the blobs under a folder with when they were written, and nothing outside it', async () => {
      const folder = key('listed');
      const before = Date.now() - 60_000;
      await h.store.put(`${folder}/a.jpg`, Buffer.from('a'), 'image/jpeg');
      await h.store.put(`${folder}/deep/b.png`, Buffer.from('b'), 'image/png');
      await h.store.put(`${folder}-sibling/c.jpg`, Buffer.from('c'), 'image/jpeg');
      const listed = [];
      for await (const blob of h.store.list(`${folder}/`)) listed.push(blob);
      expect(listed.map((b) => b.key).sort()).toEqual([`${folder}/a.jpg`, `${folder}/deep/b.png`]);
      for (const b of listed) expect(b.modifiedAt.getTime()).toBeGreaterThan(before);
      const none = [];
      for await (const blob of h.store.list(`${key('empty')}/`)) none.push(blob);
      expect(none).toEqual([]);
    });

    it('refuses keys that could escape the store', async () => {
      for (const bad of ['../outside', '/etc/passwd', 'a//b', 'a/../../b', '', 'a b']) {
        await expect(h.store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/Invalid blob key/);
      }
    });

    it('accepts an upload to a presigned PUT URL and serves it from a presigned GET URL', async () => {
      const k = key('upload.jpg');
      const body = randomBytes(50_000);
      const put = await h.store.presignPut(k, { contentType: 'image/jpeg', maxBytes: 100_000, expiresInSeconds: 900 });
      expect(await h.upload(put, body, 'image/jpeg')).toBe(200);
      expect(await h.store.head(k)).toEqual({ size: body.length, contentType: 'image/jpeg' });

      const get = await h.store.presignGet(k, { expiresInSeconds: 3600 });
      const res = await h.download(get);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.body.equals(body)).toBe(true);
    });

    it('names the file of a presigned download', async () => {
      const k = key('archive.zip');
      await h.store.put(k, Buffer.from('zip'), 'application/zip');
      const url = await h.store.presignGet(k, { expiresInSeconds: 60, downloadName: 'AB-123-CD photos.zip' });
      const res = await h.download(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('AB-123-CD photos.zip'));
    });
  });
}
