import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { startTestS3Server } from '../../test/s3-server';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { jpegPhoto, makeGroupStamp } from '../images/images.fixtures';
import { reportsJobs } from '../reports/reports.jobs';
import { swapReportBlob } from '../reports/reports.repo';
import { abandonAfterMs } from '../reports/reports.service';
import { collectBlobGarbage, GC_MARGIN_MS } from './blob-gc.service';
import { scheduleRecurrence } from '../../platform/queue/recurring';
import { blobCollection, blobJobs } from './blobs.jobs';

const MANAGER = 'manager@demo.forecourt.test';

for (const driver of ['fs', 's3'] as const) {
  describe(`blob garbage collection (${driver} driver)`, () => {
    const clock = new TestClock();
    let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
    let stopS3: () => Promise<void> = async () => undefined;
    let app: App;
    let manager: Record<string, string>;
    let productId: string;

    beforeAll(async () => {
      // Links to a report live longer than the margin (3 h against 1 h), as a deployment may set them.
      let env: Record<string, string> = { PRESIGN_GET_TTL_SECONDS: String(3 * 3600) };
      if (driver === 's3') {
        const s3 = await startTestS3Server();
        env = { ...env, ...s3.env };
        stopS3 = s3.stop;
      }
      adapters = await createTestAdapters(env, { clock });
      await seedAccounts(adapters);
      app = await buildApp(adapters);
      manager = await authHeaders(adapters, MANAGER);
      const product = await app.inject({
        method: 'POST',
        url: '/api/products/virtuals',
        headers: manager,
        payload: {
          vin: `Virtual_${randomUUID()}`,
          ownerId: 'own-demo-paris',
          registration: 'GC-123-AB',
          workflows: ['PHOTO'],
        },
      });
      productId = product.json<{ id: string }>().id;
    });
    afterAll(async () => {
      await app.close();
      await adapters.cleanup();
      await stopS3();
    });

    /** An upload as the browser makes it: a granted key, then the file stored under it. */
    const upload = async (bytes: Buffer) => {
      const presign = await app.inject({
        method: 'POST',
        url: `/api/products/${productId}/shootings/generate_presigned_urls`,
        headers: manager,
        payload: { images: [{ id: randomUUID(), contentType: 'image/jpeg' }] },
      });
      const key = presign.json<{ images: { url: string }[] }>().images[0]!.url;
      await adapters.blobs.put(key, bytes, 'image/jpeg');
      return key;
    };
    const exists = async (key: string) => (await adapters.blobs.head(key)) !== null;
    /** A registered shooting of one picture; answers its id. */
    const registerShooting = async (stampId: string, key: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/owners/own-demo-paris/products/${productId}/shootings`,
        headers: manager,
        payload: {
          images: [{ url: key, order: 0, imageType: 'ORIGINAL', format: '16/9', stampId }],
          userId: demoUser(MANAGER).id,
          shootingType: 'standard',
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    };

    it('removes refused uploads, the files of a registration that never committed and temporary leftovers, once their time is past', async () => {
      const stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: `GC ${driver}` });
      const photo = await jpegPhoto(64, 48);
      const refused = await upload(Buffer.from('not an image at all'));
      const registered = await upload(photo);
      const shootingId = await registerShooting(stampId, registered);
      const kept = await adapters.db
        .selectFrom('images')
        .select(['blob_key', 'thumbnail_key'])
        .where('shooting_id', '=', shootingId)
        .execute();
      // What a registration killed between writing its files and committing its rows leaves behind.
      const orphan = `shootings/${randomUUID()}/0-ORIGINAL.jpg`;
      await adapters.blobs.put(orphan, photo, 'image/jpeg');
      const tmpLeftover = path.join(adapters.dataDir, 'blobs', 'tmp', randomUUID());
      if (driver === 'fs') fs.writeFileSync(tmpLeftover, 'half a file');

      // Within the margin nothing goes, whatever it is.
      expect(await collectBlobGarbage(adapters)).toEqual({ uploads: 0, shootings: 0, reports: 0, temporary: 0 });
      expect(await exists(refused)).toBe(true);

      clock.advance(adapters.config.PRESIGN_PUT_TTL_SECONDS * 1000 + GC_MARGIN_MS + 60_000);
      // An upload granted now, written long ago by the clock's reckoning, is still within its grant.
      const pending = await upload(photo);
      expect(await collectBlobGarbage(adapters)).toEqual({
        uploads: 1,
        shootings: 1,
        reports: 0,
        temporary: driver === 'fs' ? 1 : 0,
      });
      expect(await exists(refused)).toBe(false);
      expect(await exists(orphan)).toBe(false);
      expect(await exists(pending)).toBe(true);
      for (const image of kept) {
        expect(await exists(image.blob_key)).toBe(true);
        expect(await exists(image.thumbnail_key!)).toBe(true);
      }
      if (driver === 'fs') expect(fs.existsSync(tmpLeftover)).toBe(false);
      // A second pass finds nothing more.
      expect(await collectBlobGarbage(adapters)).toEqual({ uploads: 0, shootings: 0, reports: 0, temporary: 0 });
    });

    it('removes a report rendering no row shows and no retirement waits for, once no link to it can be alive', async () => {
      const stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: `GC reports ${driver}` });
      const shootingId = await registerShooting(stampId, await upload(await jpegPhoto(64, 48)));
      const rendering = (locale: string) => `shootings/${shootingId}/reports/damages-${locale}-${randomUUID()}.pdf`;
      const pdf = Buffer.from('%PDF-1.7 a rendering');
      // The report's rendering, its row pointing at it.
      const shown = rendering('fr');
      await adapters.blobs.put(shown, pdf, 'application/pdf');
      const now = clock.now().toISOString();
      expect(
        await swapReportBlob(
          adapters.db,
          {
            id: randomUUID(),
            shooting_id: shootingId,
            kind: 'DAMAGES',
            locale: 'fr',
            blob_key: shown,
            data_version: 'v1',
            now,
          },
          null,
        ),
      ).toBe(true);
      // A replaced rendering whose retirement is queued, due when the links handed out for it have expired.
      const replaced = rendering('de');
      await adapters.blobs.put(replaced, pdf, 'application/pdf');
      const due = new Date(clock.now().getTime() + 10 * 24 * 3600 * 1000);
      await adapters.queue.enqueue(
        'reports.retire-rendering',
        { blobKey: replaced },
        { key: `reports.retire-rendering:${replaced}`, runAt: due },
      );
      // What a process killed between storing a rendering and moving the row to it leaves behind.
      const abandoned = rendering('en');
      await adapters.blobs.put(abandoned, pdf, 'application/pdf');

      // Past the blob margin but within a link's life, the files stay (clock time against the files' real time).
      const age = () => clock.now().getTime() - Date.now();
      const limit = abandonAfterMs(adapters.config, GC_MARGIN_MS);
      expect(age()).toBeGreaterThan(GC_MARGIN_MS);
      expect(age()).toBeLessThan(limit - 60_000);
      expect(await collectBlobGarbage(adapters)).toMatchObject({ shootings: 0, reports: 0 });
      expect(await exists(abandoned)).toBe(true);

      clock.advance(limit - age() + 60_000);
      expect(await collectBlobGarbage(adapters)).toMatchObject({ shootings: 0, reports: 1 });
      expect(await exists(abandoned)).toBe(false);
      expect(await exists(shown)).toBe(true);
      expect(await exists(replaced)).toBe(true);
      // The retirement, once run, is the one that deletes the replaced rendering; the GC then finds nothing.
      await reportsJobs(adapters).retireRendering.handler(
        { blobKey: replaced },
        { jobId: 'test', attempt: 1, signal: new AbortController().signal },
      );
      expect(await exists(replaced)).toBe(false);
      expect(await collectBlobGarbage(adapters)).toMatchObject({ uploads: 0, shootings: 0, reports: 0 });
    });

    it('runs as one job per hour, each queueing the next, however many workers start', async () => {
      await scheduleRecurrence(adapters, blobCollection);
      await scheduleRecurrence(adapters, blobCollection);
      const slot = Math.floor(clock.now().getTime() / blobCollection.everyMs);
      const job = await adapters.queue.getByKey(`blobs.collect-garbage:${slot}`);
      expect(job).toMatchObject({ status: 'queued', payload: { slot } });
      expect((await adapters.queue.counts('blobs.collect-garbage')).queued).toBe(1);
      const { collect } = blobJobs(adapters);
      await collect.handler({ slot }, { jobId: job!.id, attempt: 1, signal: new AbortController().signal });
      expect(await adapters.queue.getByKey(`blobs.collect-garbage:${slot + 1}`)).toMatchObject({
        status: 'queued',
        payload: { slot: slot + 1 },
      });
    });
  });
}
