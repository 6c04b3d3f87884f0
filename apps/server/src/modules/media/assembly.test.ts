import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../platform/media/media-probe';
import { makeAudio, makeSparseVideo, makeVideo } from '../../platform/media/test-media.fixture';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { drainJobs } from '../images/images.fixtures';
import { makeShooting } from '../shootings/shootings.fixtures';
import { assembleShooting, prepareGroup } from './assembly.service';
import { findConfig } from './media.repo';
import { mediaJobs } from './media.jobs';
import { registerGroupMedia, tusPatch, uploadAdminMedia, uploadVehicleVideo } from './media.test-helpers';

const OTHER = 'other@other-dealer.forecourt.test';
const GROUP = 'grp-other';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-assembly-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const at = (name: string) => path.join(tmp, name);

describe('assembled vehicle videos', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  let configId: string;
  let shootingId: string;

  beforeAll(async () => {
    headers = await authHeaders(ctx.adapters, OTHER);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${GROUP}/configurations/videos`,
      headers,
    });
    configId = created.json<{ idConfigurationVideo: string }>().idConfigurationVideo;
    const files = {
      introduction: [
        await makeVideo(at('intro.mp4'), { seconds: 2, width: 640, height: 360, audio: true, colour: 'red' }),
        'video/mp4',
      ],
      conclusion: [
        await makeVideo(at('outro.mov'), { seconds: 2, container: 'mov', colour: 'green' }),
        'video/quicktime',
      ],
      audio: [await makeAudio(at('music.mp3'), { seconds: 3, format: 'mp3' }), 'audio/mpeg'],
    } as const;
    for (const [slot, [file, type]] of Object.entries(files)) {
      const up = await uploadAdminMedia(ctx.app, headers, GROUP, slot, file, type);
      const res = await registerGroupMedia(ctx.app, headers, { groupId: GROUP, configId, slot }, up.grant.url);
      expect(res.statusCode).toBe(200);
    }
    shootingId = (await makeShooting(ctx.adapters, { ownerId: 'own-other-bordeaux', type: 'VIDEO' })).shootingId;
  }, 180_000);

  const videos = () => ctx.adapters.db.selectFrom('videos').selectAll().where('shooting_id', '=', shootingId).execute();
  const probeBlob = async (key: string) => {
    const file = at(`probe-${path.basename(key)}`);
    fs.writeFileSync(file, (await ctx.adapters.blobs.getBuffer(key))!);
    return (await probeMedia(file))!;
  };

  it('takes the vehicle video from the mobile API and assembles CONCAT, ORIGINAL_AUDIO and CONCAT_AUDIO in the house format', async () => {
    const vehicle = fs.readFileSync(
      await makeVideo(at('vehicle.mov'), { seconds: 4, width: 480, height: 360, container: 'mov' }),
    );
    const reg = await uploadVehicleVideo(ctx.app, headers, shootingId, {
      bytes: vehicle,
      fileName: 'vehicle.mov',
      contentType: 'video/quicktime',
    });
    expect(reg.statusCode).toBe(201);

    await drainJobs(ctx.adapters, Object.values(mediaJobs(ctx.adapters)));

    const rows = await videos();
    expect(rows.map((r) => r.video_type).sort()).toEqual(['CONCAT', 'CONCAT_AUDIO', 'ORIGINAL', 'ORIGINAL_AUDIO']);
    const byType = Object.fromEntries(rows.map((r) => [r.video_type, r]));
    for (const type of ['CONCAT', 'ORIGINAL_AUDIO', 'CONCAT_AUDIO']) {
      const info = await probeBlob(byType[type]!.blob_key!);
      expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
      expect(info.audio).toMatchObject({ codec: 'aac' });
      expect(byType[type]!.config_version).toBe(3);
      expect(byType[type]!.poster_key).toMatch(/poster\.jpg$/);
    }
    // Durations add up: 2 s intro + 4 s vehicle + 2 s outro.
    expect((await probeBlob(byType.CONCAT!.blob_key!)).durationSeconds).toBeCloseTo(8, 0);
    expect((await probeBlob(byType.CONCAT_AUDIO!.blob_key!)).durationSeconds).toBeCloseTo(8, 0);
    expect((await probeBlob(byType.ORIGINAL_AUDIO!.blob_key!)).durationSeconds).toBeCloseTo(4, 0);
    expect((await ctx.adapters.blobs.head(byType.ORIGINAL!.poster_key!))?.contentType).toBe('image/jpeg');

    // The detail page and the player pick CONCAT_AUDIO first (spec preference order).
    const shooting = await ctx.adapters.db
      .selectFrom('shootings')
      .select(['product_id', 'owner_id'])
      .where('id', '=', shootingId)
      .executeTakeFirstOrThrow();
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/owners/${shooting.owner_id}/products/${shooting.product_id}/shootings/${shootingId}`,
      headers,
    });
    expect(
      detail
        .json<{ videos: { type: string }[] }>()
        .videos.map((v) => v.type)
        .sort(),
    ).toEqual(['CONCAT', 'CONCAT_AUDIO', 'ORIGINAL', 'ORIGINAL_AUDIO']);

    // Done is done: the same version again changes nothing.
    expect(await assembleShooting(ctx.adapters, { shootingId, version: 3 })).toBe('unchanged');
    expect(await assembleShooting(ctx.adapters, { shootingId, version: 2 })).toBe('stale');
  }, 300_000);

  it("refuses issue 30's 1.6 KB video of 2 frames over 20 hours at registration, before any job is queued", async () => {
    const sparse = fs.readFileSync(await makeSparseVideo(at('sparse.mp4')));
    const grant = await ctx.app.inject({
      method: 'POST',
      url: `/api/shootings/${shootingId}/videos/generate_presigned_urls`,
      headers,
      payload: { fileName: 'sparse.mp4', size: sparse.length, contentType: 'video/mp4' },
    });
    const { presignedUrl, url } = grant.json<{ presignedUrl: string; url: string }>();
    const last = await tusPatch(ctx.app, headers, presignedUrl, sparse, 0);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({
      error: {
        code: 'MEDIA_LIMITS_EXCEEDED',
        details: { kind: 'video', limit: 'seconds', limits: { maxSeconds: 900 } },
      },
    });
    const before = await videos();
    const reg = await ctx.app.inject({
      method: 'POST',
      url: `/api/shootings/${shootingId}/videos`,
      headers,
      payload: { url },
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.json()).toMatchObject({ error: { code: 'MEDIA_LIMITS_EXCEEDED' } });
    expect(await videos()).toEqual(before);
    expect((await ctx.adapters.queue.counts('media.assemble')).queued).toBe(0);

    // Ten minutes of two frames is within the length but not a video: refused by its frame rate.
    const slow = await uploadAdminMedia(
      ctx.app,
      headers,
      GROUP,
      'introduction',
      await makeSparseVideo(at('slow.mp4'), { seconds: 600, rate: '1/300' }),
      'video/mp4',
    );
    expect(slow.last.json()).toMatchObject({
      error: { code: 'MEDIA_LIMITS_EXCEEDED', details: { limit: 'framesPerSecond' } },
    });
  }, 120_000);

  it('re-assembles once on a configuration change, and without a deleted file', async () => {
    const before = await videos();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${GROUP}/configurations/videos/${configId}/introduction`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    await drainJobs(ctx.adapters, Object.values(mediaJobs(ctx.adapters)));
    const assembleJobs = await ctx.adapters.db
      .selectFrom('jobs')
      .select('idempotency_key')
      .where('name', '=', 'media.assemble')
      .where('idempotency_key', 'like', `media.assemble:${shootingId}:4:%`)
      .execute();
    expect(assembleJobs).toHaveLength(1);
    const rows = await videos();
    const concat = rows.find((r) => r.video_type === 'CONCAT')!;
    expect(concat.config_version).toBe(4);
    // Vehicle video and outro: 4 s + 2 s.
    expect((await probeBlob(concat.blob_key!)).durationSeconds).toBeCloseTo(6, 0);
    // The previous version's files are gone.
    for (const old of before.filter((r) => r.video_type !== 'ORIGINAL'))
      expect(await ctx.adapters.blobs.head(old.blob_key!)).toBeNull();
  }, 300_000);

  it('stops as superseded, not failed, when a newer configuration replaces a file while it is prepared', async () => {
    const version = (await findConfig(ctx.adapters.db, GROUP))!.version;
    let replaced = false;
    // The store as the preparation sees it: no house copies yet, and the original's blob collected after the
    // manager removed the outro mid-preparation (the first read triggers that removal).
    const blobs = new Proxy(ctx.adapters.blobs, {
      get(target, prop) {
        if (prop === 'head') return async () => null;
        if (prop === 'localFile' || prop === 'get') {
          return async () => {
            if (!replaced) {
              replaced = true;
              const res = await ctx.app.inject({
                method: 'DELETE',
                url: `/api/groups/${GROUP}/configurations/videos/${configId}/conclusion`,
                headers,
              });
              expect(res.statusCode).toBe(204);
            }
            return null;
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const enqueued: unknown[] = [];
    const deps = { ...ctx.adapters, blobs };
    await prepareGroup(deps, { groupId: GROUP, version }, async (targets) => void enqueued.push(targets));
    expect(enqueued).toEqual([]);
    // With its version still current, a missing file is a failure the queue retries.
    const current = (await findConfig(ctx.adapters.db, GROUP))!.version;
    expect(current).toBe(version + 1);
    await expect(prepareGroup(deps, { groupId: GROUP, version: current }, async () => {})).rejects.toThrow(/missing/);
  }, 60_000);

  it('an assembly whose configuration is replaced while it reads the files ends as stale, not failed', async () => {
    const version = (await findConfig(ctx.adapters.db, GROUP))!.version;
    let replaced = false;
    // The configuration's files (under media/) as the assembly sees them: no house copy, and the audio collected
    // after the manager removed it mid-assembly. The vehicle video's files are read as they are.
    const blobs = new Proxy(ctx.adapters.blobs, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (!['head', 'localFile', 'get'].includes(String(prop))) return value.bind(target);
        return async (key: string) => {
          if (!key.startsWith('media/')) return (value as (k: string) => Promise<unknown>).call(target, key);
          if (prop !== 'head' && !replaced) {
            replaced = true;
            const res = await ctx.app.inject({
              method: 'DELETE',
              url: `/api/groups/${GROUP}/configurations/videos/${configId}/audio`,
              headers,
            });
            expect(res.statusCode).toBe(204);
          }
          return null;
        };
      },
    });
    const before = await videos();
    expect(await assembleShooting({ ...ctx.adapters, blobs }, { shootingId, version })).toBe('stale');
    expect(replaced).toBe(true);
    expect(await videos()).toEqual(before);
  }, 60_000);
});
