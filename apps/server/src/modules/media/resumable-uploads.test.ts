import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { makeVideo } from '../../platform/media/test-media.fixture';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { startTestS3Server } from '../../test/s3-server';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { UPLOAD_TTL_MS } from './media-uploads.service';
import { scheduleRecurrence } from '../../platform/queue/recurring';
import { mediaJobs, uploadSweep } from './media.jobs';
import {
  grantAdminUpload,
  openTusPatch,
  registerGroupMedia,
  tusOffset,
  tusPatch,
  uploadStatus,
} from './media.test-helpers';
import { SWEEP_MARGIN_MS, sweepExpiredUploads } from './upload-sweep.service';

const MANAGER = 'manager@demo.forecourt.test';
const GROUP = 'grp-demo';
const MB = 1024 * 1024;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-resumable-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A real MP4 followed by filler up to `bytes`: more than one S3 part (8 MB), as a camera file is. */
async function largeVideo(bytes: number): Promise<Buffer> {
  const head = fs.readFileSync(await makeVideo(path.join(tmp, `head-${bytes}.mp4`), { seconds: 1, audio: true }));
  const filler = Buffer.alloc(bytes - head.length);
  for (let i = 0; i + 4 <= filler.length; i += 4) filler.writeUInt32LE((i * 2654435761) >>> 0, i);
  return Buffer.concat([head, filler]);
}

for (const driver of ['fs', 's3'] as const) {
  describe(`resumable uploads on the ${driver} upload store`, () => {
    const clock = new TestClock();
    let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
    let stopS3: () => Promise<void> = async () => undefined;
    let app: App;
    let manager: Record<string, string>;
    let origin: string;
    let bytes: Buffer;

    beforeAll(async () => {
      let env: Record<string, string> = {};
      if (driver === 's3') {
        const s3 = await startTestS3Server();
        env = s3.env;
        stopS3 = s3.stop;
      }
      adapters = await createTestAdapters(env, { clock });
      await seedAccounts(adapters);
      app = await buildApp(adapters);
      await app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      manager = await authHeaders(adapters, MANAGER);
      bytes = await largeVideo(12 * MB);
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await adapters.cleanup();
      await stopS3();
    });

    const grant = async (fileName: string) => {
      const res = await grantAdminUpload(app, manager, {
        groupId: GROUP,
        slot: 'introduction',
        fileName,
        size: bytes.length,
        contentType: 'video/mp4',
        lastModified: 7,
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ uploadId: string; presignedUrl: string; url: string }>();
    };

    /** A PATCH of the whole rest of the file whose connection drops once `cutAt` bytes are on the wire. */
    const cutPatch = (url: string, cutAt: number) =>
      new Promise<void>((resolve) => {
        const req = openTusPatch(origin, url, manager, bytes.length);
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(bytes.subarray(0, cutAt), () => req.destroy());
      });

    /** What a tus client does after a cut: ask the offset, send the rest from it; again if the server was still busy with the cut request. */
    const resume = async (url: string): Promise<number> => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const offset = await tusOffset(app, manager, url);
        const res = await tusPatch(app, manager, url, bytes.subarray(offset), offset);
        if (res.statusCode === 204) return offset;
        expect([409, 423]).toContain(res.statusCode);
      }
      throw new Error('the upload did not resume');
    };

    const storeHolds = async (id: string): Promise<string[]> => {
      if (driver === 'fs')
        return fs.readdirSync(path.join(adapters.dataDir, 'uploads')).filter((f) => f.startsWith(id));
      const keys = [id, `${id}.info`, `${id}.part`];
      const found = await Promise.all(keys.map(async (k) => ((await adapters.blobs.head(k)) ? k : null)));
      return found.filter((k): k is string => k !== null);
    };

    it('completes an upload cut mid-request from what the store kept, byte for byte, and registers it', async () => {
      const created = await app.inject({
        method: 'POST',
        url: `/api/groups/${GROUP}/configurations/videos`,
        headers: manager,
      });
      const configId = created.json<{ idConfigurationVideo: string }>().idConfigurationVideo;
      const { uploadId, presignedUrl, url } = await grant('cut.mp4');
      const cutAt = 10 * MB;
      await cutPatch(presignedUrl, cutAt);
      // What reached the server before the cut is kept and the client resumes from there. Not always all
      // `cutAt` bytes: the client's reset discards what the server's socket had received but not yet read.
      const kept = await resume(presignedUrl);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThanOrEqual(cutAt);

      const res = await registerGroupMedia(app, manager, { groupId: GROUP, configId, slot: 'introduction' }, url);
      expect(res.statusCode).toBe(200);
      const row = await adapters.db
        .selectFrom('media_uploads')
        .select(['status', 'blob_key'])
        .where('id', '=', uploadId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('DONE');
      expect((await adapters.blobs.getBuffer(row.blob_key!))?.equals(bytes)).toBe(true);
      // The upload store keeps nothing of a finished upload.
      expect(await storeHolds(uploadId)).toEqual([]);
    }, 120_000);

    it('sweeps unfinished uploads from the store once their grant ran out, and only those', async () => {
      const expiring = await grant('abandoned.mp4');
      // More than a part: on S3 a multipart upload with one part and an incomplete part.
      expect((await tusPatch(app, manager, expiring.presignedUrl, bytes.subarray(0, 9 * MB), 0)).statusCode).toBe(204);
      expect(await storeHolds(expiring.uploadId)).not.toEqual([]);

      clock.advance(UPLOAD_TTL_MS + SWEEP_MARGIN_MS + 60_000);
      const fresh = await grant('fresh.mp4');
      expect((await tusPatch(app, manager, fresh.presignedUrl, bytes.subarray(0, MB), 0)).statusCode).toBe(204);

      await scheduleRecurrence(adapters, uploadSweep);
      await scheduleRecurrence(adapters, uploadSweep);
      // The first sweep is the next hour's; each then queues the one after.
      const slot = Math.floor(clock.now().getTime() / uploadSweep.everyMs) + 1;
      const job = await adapters.queue.getByKey(`media.sweep-uploads:${slot}`);
      expect(job).toMatchObject({ status: 'queued', payload: { slot } });
      expect((await adapters.queue.counts('media.sweep-uploads')).queued).toBe(1);
      await mediaJobs(adapters).sweep.handler(
        { slot },
        { jobId: job!.id, attempt: 1, signal: new AbortController().signal },
      );
      expect(await adapters.queue.getByKey(`media.sweep-uploads:${slot + 1}`)).toMatchObject({
        status: 'queued',
        payload: { slot: slot + 1 },
      });

      expect(await storeHolds(expiring.uploadId)).toEqual([]);
      const status = (id: string) => uploadStatus(adapters, id);
      expect(await status(expiring.uploadId)).toBe('EXPIRED');
      const head = await app.inject({
        method: 'HEAD',
        url: expiring.presignedUrl,
        headers: { ...manager, 'tus-resumable': '1.0.0' },
      });
      expect(head.statusCode).toBe(410);
      // The upload granted since is untouched, and can go on.
      expect(await status(fresh.uploadId)).toBe('PENDING');
      expect(await tusOffset(app, manager, fresh.presignedUrl)).toBe(MB);
      // A second run finds nothing more.
      expect(await sweepExpiredUploads({ ...adapters, store: { remove: async () => undefined } })).toEqual({
        swept: 0,
        failed: 0,
      });
    }, 120_000);
  });
}
