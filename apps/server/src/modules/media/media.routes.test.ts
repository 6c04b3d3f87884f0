import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { makeAudio, makeJpeg, makeVideo } from '../../platform/media/test-media.fixture';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { makeShooting } from '../shootings/shootings.fixtures';
import {
  type AdminUploadFacts,
  grantAdminUpload,
  openTusPatch,
  registerGroupMedia,
  tusOffset,
  tusPatch,
  uploadAdminMedia,
  uploadStatus,
} from './media.test-helpers';
import { writerStall } from './tus-uploads';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';
const GROUP = 'grp-demo';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-media-api-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const at = (name: string) => path.join(tmp, name);

describe('admin media: configuration and resumable uploads', () => {
  const ctx = useTestApp();
  let manager: Record<string, string>;
  let other: Record<string, string>;
  let configId: string;
  const media = {} as Record<'intro' | 'mov' | 'mp3' | 'ogg' | 'wav' | 'jpeg', string>;

  beforeAll(async () => {
    manager = await authHeaders(ctx.adapters, MANAGER);
    other = await authHeaders(ctx.adapters, OTHER);
    media.intro = await makeVideo(at('intro.mp4'), { seconds: 2, audio: true });
    media.mov = await makeVideo(at('outro.mov'), { seconds: 2, container: 'mov' });
    media.mp3 = await makeAudio(at('track.mp3'), { seconds: 2, format: 'mp3' });
    media.ogg = await makeAudio(at('track.ogg'), { seconds: 2, format: 'ogg' });
    media.wav = await makeAudio(at('track.wav'), { seconds: 2, format: 'wav' });
    media.jpeg = await makeJpeg(at('photo.mp4'));
  }, 120_000);

  /** The app's address on the loopback, for tests that need real connections (listening from the first). */
  const listening = async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  };
  const config = (headers = manager, group = GROUP) =>
    ctx.app.inject({ method: 'GET', url: `/api/groups/${group}/configurations/videos`, headers });
  const register = (slot: string, url: string, headers = manager, groupId = GROUP, id = configId) =>
    registerGroupMedia(ctx.app, headers, { groupId, configId: id, slot }, url);
  const grant = (facts: Partial<AdminUploadFacts>, headers = manager) =>
    grantAdminUpload(ctx.app, headers, {
      groupId: GROUP,
      slot: 'introduction',
      fileName: 'x.mp4',
      size: 1000,
      contentType: 'video/mp4',
      ...facts,
    });
  /** A grant for the MOV in the conclusion slot, under `fileName`, of `size` bytes (the file's own by default). */
  const grantMov = (fileName: string, size = fs.statSync(media.mov).size) =>
    grant({ slot: 'conclusion', fileName, size, contentType: 'video/quicktime' });
  /** The bytes stored for the conclusion a registration answered. */
  const storedConclusion = async (registered: { json: <T>() => T }, app: App = ctx.app) =>
    (await app.inject({ method: 'GET', url: registered.json<{ conclusionVideoUrl: string }>().conclusionVideoUrl }))
      .rawPayload;

  it('creates the group configuration once, for its own group and with the option only', async () => {
    expect((await config()).statusCode).toBe(404);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${GROUP}/configurations/videos`,
      headers: manager,
    });
    expect(created.statusCode).toBe(201);
    configId = created.json<{ idConfigurationVideo: string }>().idConfigurationVideo;
    expect(created.json()).toMatchObject({
      groupId: GROUP,
      introductionVideoUrl: null,
      conclusionVideoUrl: null,
      audioUrl: null,
      version: 0,
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/groups/${GROUP}/configurations/videos`, headers: manager }))
        .statusCode,
    ).toBe(409);
    expect((await config(await authHeaders(ctx.adapters, SALES))).statusCode).toBe(403);
    expect((await config(other)).statusCode).toBe(404);
    expect((await config(manager, 'grp-other')).statusCode).toBe(404);
  });

  it('takes an upload interrupted halfway and resumed, stores it byte for byte, and registers it', async () => {
    const bytes = fs.readFileSync(media.intro);
    const facts = {
      groupId: GROUP,
      slot: 'introduction',
      fileName: 'intro.mp4',
      size: bytes.length,
      contentType: 'video/mp4',
      lastModified: 42,
    };
    const granted = await grant(facts);
    expect(granted.statusCode).toBe(201);
    const { presignedUrl, url, offset } = granted.json<{ presignedUrl: string; url: string; offset: number }>();
    expect(offset).toBe(0);
    const half = Math.floor(bytes.length / 2);
    expect((await tusPatch(ctx.app, manager, presignedUrl, bytes.subarray(0, half), 0)).statusCode).toBe(204);
    // The same file asked again (the browser closed and the file picked again) gets the same upload back.
    const again = await grant(facts);
    expect(again.json()).toMatchObject({ presignedUrl, offset: half });
    expect(await tusOffset(ctx.app, manager, presignedUrl)).toBe(half);
    const done = await tusPatch(ctx.app, manager, presignedUrl, bytes.subarray(half), half);
    expect(done.statusCode).toBe(204);

    const res = await register('introduction', url);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      version: number;
      introductionVideoUrl: string;
      files: {
        introduction: { fileName: string; durationSeconds: number; width: number; height: number; downloadUrl: string };
      };
    }>();
    expect(body.version).toBe(1);
    expect(body.files.introduction).toMatchObject({ fileName: 'intro.mp4', width: 320, height: 240 });
    expect(body.files.introduction.durationSeconds).toBeCloseTo(2, 0);
    const stored = await ctx.app.inject({ method: 'GET', url: body.introductionVideoUrl });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(bytes)).toBe(true);
    const download = await ctx.app.inject({ method: 'GET', url: body.files.introduction.downloadUrl });
    expect(download.headers['content-disposition']).toContain('intro.mp4');
    // The change re-assembles the group's videos in the background: one job for this version.
    expect(await ctx.adapters.queue.getByKey(`media.prepare:${GROUP}:1`)).toMatchObject({ status: 'queued' });
  });

  it('takes a MOV as a video and MP3 or Ogg as the audio', async () => {
    const mov = await uploadAdminMedia(ctx.app, manager, GROUP, 'conclusion', media.mov, 'video/quicktime');
    expect(mov.last.statusCode).toBe(204);
    expect((await register('conclusion', mov.grant.url)).statusCode).toBe(200);
    const ogg = await uploadAdminMedia(ctx.app, manager, GROUP, 'audio', media.ogg, 'audio/ogg');
    expect(ogg.last.statusCode).toBe(204);
    const mp3 = await uploadAdminMedia(ctx.app, manager, GROUP, 'audio', media.mp3, 'audio/mpeg');
    expect(mp3.last.statusCode).toBe(204);
    const res = await register('audio', mp3.grant.url);
    expect(res.json()).toMatchObject({
      version: 3,
      files: { audio: { fileName: 'track.mp3' }, conclusion: { fileName: 'outro.mov' } },
    });
  });

  it('refuses by content: a JPEG named .mp4, a video for the audio; and removes them', async () => {
    const jpeg = await uploadAdminMedia(ctx.app, manager, GROUP, 'introduction', media.jpeg, 'video/mp4');
    expect(jpeg.last.statusCode).toBe(415);
    expect(jpeg.last.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', details: { kind: 'video' } } });
    expect(
      fs.readdirSync(path.join(ctx.adapters.dataDir, 'uploads')).filter((f) => f.startsWith(jpeg.grant.uploadId)),
    ).toEqual([]);
    const reg = await register('introduction', jpeg.grant.url);
    expect(reg.statusCode).toBe(415);

    const video = await uploadAdminMedia(ctx.app, manager, GROUP, 'audio', media.intro, 'audio/mpeg');
    expect(video.last.statusCode).toBe(415);
    const cfg = (await config()).json<{ files: { audio: { fileName: string } } }>();
    expect(cfg.files.audio.fileName).toBe('track.mp3');
  });

  it('refuses by declared type and size before anything is sent: a .flac, over 5000 MB', async () => {
    const flac = await grant({ slot: 'audio', fileName: 'a.flac', contentType: 'audio/flac' });
    expect(flac.statusCode).toBe(415);
    expect(flac.json()).toMatchObject({ error: { details: { kind: 'audio' } } });
    const big = await grant({ fileName: 'big.mp4', size: 5_000_000_001 });
    expect(big.statusCode).toBe(413);
    const exact = await grant({ fileName: 'big.mp4', size: 5_000_000_000 });
    expect(exact.statusCode).toBe(201);
    // More bytes than granted are refused by the protocol.
    const over = await tusPatch(
      ctx.app,
      manager,
      exact.json<{ presignedUrl: string }>().presignedUrl,
      Buffer.alloc(10),
      4_999_999_995,
    );
    expect(over.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses a file name with CR, LF or another control character; one stored before still downloads', async () => {
    for (const fileName of ['CR only\rATTENDEE.mp4', 'two\r\nlines.mp4', 'nul\u0000.mp4']) {
      expect((await grant({ fileName })).statusCode).toBe(400);
    }
    await ctx.adapters.blobs.put('media/names/x.mp4', Buffer.from('bytes'), 'video/mp4');
    const link = new URL(
      await ctx.adapters.blobs.presignGet('media/names/x.mp4', {
        expiresInSeconds: 60,
        downloadName: 'old\r\nname.mp4',
      }),
      'http://127.0.0.1',
    );
    const got = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain('old__name.mp4');
  });

  it('caps what one user holds of unfinished uploads, in number and in bytes', async () => {
    const quotaUser = await authHeaders(ctx.adapters, OTHER);
    const ask = (fileName: string, size: number) => grant({ groupId: 'grp-other', fileName, size }, quotaUser);
    for (let i = 0; i < 3; i++) expect((await ask(`big-${i}.mp4`, 5_000_000_000)).statusCode).toBe(201);
    // The same file asked again resumes its grant, counted once.
    expect((await ask('big-0.mp4', 5_000_000_000)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await ask(`small-${i}.mp4`, 1000)).statusCode).toBe(201);
    // 15 GB and 4 KB held: 5 GB more would pass the 20 GB quota.
    const overBytes = await ask('big-3.mp4', 5_000_000_000);
    expect(overBytes.statusCode).toBe(429);
    expect(overBytes.json()).toMatchObject({ error: { code: 'RATE_LIMITED', details: { pendingUploads: 7 } } });
    expect((await ask('small-4.mp4', 1000)).statusCode).toBe(201);
    // Eight unfinished uploads: a ninth waits for one of them.
    expect((await ask('small-5.mp4', 1000)).statusCode).toBe(429);
  });

  it("keeps another group's users away from a group's uploads and configuration", async () => {
    const bytes = fs.readFileSync(media.intro);
    const granted = await grant({ size: bytes.length });
    const { presignedUrl, url } = granted.json<{ presignedUrl: string; url: string }>();
    expect((await tusPatch(ctx.app, other, presignedUrl, bytes, 0)).statusCode).toBe(404);
    expect(
      (await grant({ slot: 'audio', fileName: 'a.mp3', size: 10, contentType: 'audio/mpeg' }, other)).statusCode,
    ).toBe(404);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups/grp-other/configurations/videos',
      headers: other,
    });
    const otherId = created.json<{ idConfigurationVideo: string }>().idConfigurationVideo;
    expect((await register('introduction', url, other, 'grp-other', otherId)).statusCode).toBe(400);
    expect((await register('introduction', url, manager, 'grp-other', otherId)).statusCode).toBe(404);
    // The right group, the wrong slot.
    expect((await tusPatch(ctx.app, manager, presignedUrl, bytes, 0)).statusCode).toBe(204);
    expect((await register('conclusion', url)).statusCode).toBe(400);
  });

  it('refuses bytes for an expired upload', async () => {
    const granted = await grant({ fileName: 'late.mp4', size: 100 });
    const { uploadId, presignedUrl } = granted.json<{ uploadId: string; presignedUrl: string }>();
    await ctx.adapters.db
      .updateTable('media_uploads')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', uploadId)
      .execute();
    const res = await tusPatch(ctx.app, manager, presignedUrl, Buffer.alloc(100), 0);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ error: { code: 'UPLOAD_EXPIRED' } });
  });

  it('resumes an upload after a server restart', async () => {
    const bytes = fs.readFileSync(media.mov);
    const { presignedUrl, url } = (await grantMov('restart.mov')).json<{ presignedUrl: string; url: string }>();
    const third = Math.floor(bytes.length / 3);
    expect((await tusPatch(ctx.app, manager, presignedUrl, bytes.subarray(0, third), 0)).statusCode).toBe(204);
    let restarted: App | null = null;
    try {
      restarted = await buildApp(ctx.adapters);
      expect(await tusOffset(restarted, manager, presignedUrl)).toBe(third);
      expect((await tusPatch(restarted, manager, presignedUrl, bytes.subarray(third), third)).statusCode).toBe(204);
      const res = await registerGroupMedia(restarted, manager, { groupId: GROUP, configId, slot: 'conclusion' }, url);
      expect(res.statusCode).toBe(200);
      expect((await storedConclusion(res, restarted)).equals(bytes)).toBe(true);
    } finally {
      await restarted?.close();
    }
  });

  /**
   * Leaves an upload as a process killed right after its last chunk leaves it: every byte arrived, the
   * file taken from the store (`<id>.taken`), the store's record gone, the row still PENDING.
   */
  async function cutShortAfterLastChunk(fileName: string) {
    const bytes = fs.readFileSync(media.mov);
    const { uploadId, presignedUrl, url } = (await grantMov(fileName)).json<{
      uploadId: string;
      presignedUrl: string;
      url: string;
    }>();
    expect((await tusPatch(ctx.app, manager, presignedUrl, bytes.subarray(0, -1), 0)).statusCode).toBe(204);
    const dir = path.join(ctx.adapters.dataDir, 'uploads');
    fs.appendFileSync(path.join(dir, uploadId), bytes.subarray(-1));
    fs.renameSync(path.join(dir, uploadId), path.join(dir, `${uploadId}.taken`));
    fs.rmSync(path.join(dir, `${uploadId}.json`));
    return { bytes, uploadId, presignedUrl, url };
  }
  const statusOf = (id: string) => uploadStatus(ctx.adapters, id);

  it('completes an upload whose finalisation a crash cut short: HEAD tells the client, registering stores it', async () => {
    const { bytes, uploadId, presignedUrl, url } = await cutShortAfterLastChunk('crashed.mov');
    expect(await tusOffset(ctx.app, manager, presignedUrl)).toBe(bytes.length);
    const res = await register('conclusion', url);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(uploadId)).toBe('DONE');
    expect((await storedConclusion(res)).equals(bytes)).toBe(true);
    expect(fs.readdirSync(path.join(ctx.adapters.dataDir, 'uploads')).filter((f) => f.startsWith(uploadId))).toEqual(
      [],
    );
    // Stored, its HEAD still answers every byte: a client that lost the answer goes on to register.
    expect(await tusOffset(ctx.app, manager, presignedUrl)).toBe(bytes.length);
  });

  it("answers tus requests with the app's headers, and no CORS grant to any origin", async () => {
    const bytes = fs.readFileSync(media.mov);
    const { presignedUrl } = (await grantMov('headers.mov')).json<{ presignedUrl: string }>();
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: presignedUrl,
      headers: { ...manager, 'tus-resumable': '1.0.0', origin: 'https://evil.example' },
    });
    const patch = await tusPatch(
      ctx.app,
      { ...manager, origin: 'https://evil.example' },
      presignedUrl,
      bytes.subarray(0, 10),
      0,
    );
    for (const res of [head, patch]) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('stores one of ten PATCHes sent at once from offset 0, answers that writer 204 and the nine others 409', async () => {
    const video = fs.readFileSync(media.mov);
    // Ten versions of one file, each with a tail of its own, so that what is stored tells whose it is.
    const bodies = Array.from({ length: 10 }, (_, i) => Buffer.concat([video, Buffer.alloc(256 * 1024, i + 1)]));
    const { presignedUrl, url } = (await grantMov('race.mov', bodies[0]!.length)).json<{
      presignedUrl: string;
      url: string;
    }>();
    const address = await listening();
    // Each body goes in 10 pieces over 4 s, as a slow line sends it: the writers overlap for seconds, longer
    // than tus's lock drain (3 s).
    const send = (body: Buffer) =>
      new Promise<{ status: number; offset?: string; body: string }>((resolve) => {
        const req = openTusPatch(address, presignedUrl, manager, body.length);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              offset: res.headers['upload-offset'] as string | undefined,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        });
        // A writer answered early has its connection closed under the rest of its body; one never answered
        // (its connection cut by the server) counts as status 0.
        req.on('error', (err) => setTimeout(() => resolve({ status: 0, body: String(err) }), 500));
        const piece = Math.ceil(body.length / 10);
        let at = 0;
        const next = () => {
          if (req.destroyed) return;
          req.write(body.subarray(at, at + piece));
          at += piece;
          if (at < body.length) setTimeout(next, 400);
          else req.end();
        };
        next();
      });
    const answers = await Promise.all(bodies.map(send));

    const winners = answers.flatMap((a, i) => (a.status === 204 ? [i] : []));
    expect(answers.map((a) => a.status).sort()).toEqual([204, ...Array<number>(9).fill(409)]);
    const winner = winners[0]!;
    expect(answers[winner]!.offset).toBe(String(bodies[winner]!.length));
    for (const a of answers.filter((x) => x.status === 409))
      expect(JSON.parse(a.body)).toMatchObject({
        error: { code: 'CONFLICT', message: expect.stringContaining('HEAD') },
      });
    // The winner's bytes, and only those, are what the upload holds.
    const res = await register('conclusion', url);
    expect(res.statusCode).toBe(200);
    expect((await storedConclusion(res)).equals(bodies[winner]!)).toBe(true);
  }, 30_000);

  it('lets a PATCH take over from a writer whose body stopped moving (a connection dead unheard)', async () => {
    const bytes = fs.readFileSync(media.mov);
    const { presignedUrl, url, uploadId } = (await grantMov('stalled.mov')).json<{
      presignedUrl: string;
      url: string;
      uploadId: string;
    }>();
    const address = await listening();
    // Half the body, then nothing more on an open connection.
    const stalled = openTusPatch(address, presignedUrl, manager, bytes.length);
    stalled.on('error', () => undefined);
    const half = Math.floor(bytes.length / 2);
    stalled.write(bytes.subarray(0, half));
    const saved = writerStall.ms;
    writerStall.ms = 300;
    try {
      // What reached the store, read from the disk: a HEAD would itself stop the writer (tus's lock).
      const file = path.join(ctx.adapters.dataDir, 'uploads', uploadId);
      let offset = 0;
      for (let i = 0; i < 100 && offset < half; i++) {
        await new Promise((r) => setTimeout(r, 50));
        offset = fs.statSync(file).size;
      }
      expect(offset).toBe(half);
      // Past the stall time (shortened here), the rest from there is taken.
      await new Promise((r) => setTimeout(r, 400));
      const rest = await tusPatch(ctx.app, manager, presignedUrl, bytes.subarray(offset), offset);
      expect(rest.statusCode).toBe(204);
    } finally {
      writerStall.ms = saved;
      stalled.destroy();
    }
    const res = await register('conclusion', url);
    expect(res.statusCode).toBe(200);
    expect((await storedConclusion(res)).equals(bytes)).toBe(true);
  }, 30_000);

  it('finishes such an upload by itself at the next start', async () => {
    const { uploadId } = await cutShortAfterLastChunk('restarted.mov');
    const restarted = await buildApp(ctx.adapters);
    try {
      await restarted.ready();
      for (let i = 0; i < 400 && (await statusOf(uploadId)) !== 'DONE'; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await statusOf(uploadId)).toBe('DONE');
    } finally {
      await restarted.close();
    }
  });

  it('lets only those whose models give VIDEO shootings upload a vehicle video, and only the delete option replace one', async () => {
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris', type: 'VIDEO' });
    const ask = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/shootings/${shootingId}/videos/generate_presigned_urls`,
        headers,
        payload: { fileName: 'v.mp4', size: 1000, contentType: 'video/mp4' },
      });
    const sales = await authHeaders(ctx.adapters, SALES);
    const workshop = await authHeaders(ctx.adapters, 'workshop@demo.forecourt.test');
    // The workshop account has INSPECT_REPAIR_ORDER only: no VIDEO shooting is theirs to fill.
    expect((await ask(workshop)).statusCode).toBe(403);
    expect((await ask(sales)).statusCode).toBe(201);
    await ctx.adapters.db
      .insertInto('videos')
      .values({
        id: `vid-${shootingId}`,
        shooting_id: shootingId,
        video_type: 'ORIGINAL',
        streamer: 'STAMPYT',
        url: null,
        reference: `vid-${shootingId}`,
        blob_key: `videos/${shootingId}/uploads/x/original.mp4`,
        created_at: new Date().toISOString(),
        config_version: null,
        poster_key: null,
      })
      .execute();
    // Replacing it removes the one there: sales lacks the delete option.
    expect((await ask(sales)).statusCode).toBe(403);
    const register = await ctx.app.inject({
      method: 'POST',
      url: `/api/shootings/${shootingId}/videos`,
      headers: sales,
      payload: { url: '/api/media/uploads/00000000-0000-4000-8000-000000000000' },
    });
    expect(register.statusCode).toBe(403);
    expect((await ask(manager)).statusCode).toBe(201);
  });

  it('deletes a configured file and re-assembles without it', async () => {
    const before = (await config()).json<{ version: number }>().version;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${GROUP}/configurations/videos/${configId}/audio`,
      headers: manager,
    });
    expect(res.statusCode).toBe(204);
    const after = (await config()).json<{ version: number; audioUrl: string | null; files: { audio: unknown } }>();
    expect(after).toMatchObject({ version: before + 1, audioUrl: null, files: { audio: null } });
    expect(await ctx.adapters.queue.getByKey(`media.prepare:${GROUP}:${before + 1}`)).not.toBeNull();
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/groups/${GROUP}/configurations/videos/${configId}/audio`,
          headers: manager,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes a WAV as the audio, which the file input offers, and keeps the MP3 made from it', async () => {
    const wav = await uploadAdminMedia(ctx.app, manager, GROUP, 'audio', media.wav, 'audio/wav');
    expect(wav.last.statusCode).toBe(204);
    const res = await register('audio', wav.grant.url);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ audioUrl: string; files: { audio: { fileName: string; durationSeconds: number } } }>();
    expect(body.files.audio.fileName).toBe('track.wav');
    expect(body.files.audio.durationSeconds).toBeCloseTo(2, 0);
    const stored = await ctx.app.inject({ method: 'GET', url: body.audioUrl });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('audio/mpeg');
    // An MPEG audio stream (ID3 tag or frame sync), a fraction of the WAV's size.
    const head = stored.rawPayload;
    expect(head.subarray(0, 3).toString() === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(true);
    expect(head.length).toBeLessThan(wav.bytes.length / 4);
  });
});
