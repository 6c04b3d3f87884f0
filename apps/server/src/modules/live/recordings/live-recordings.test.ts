import fs from 'node:fs';
import type { LiveRecording, LiveRecordingList, LiveRoom, LiveToken, ServerMessage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { demoUser } from '../../../seed/demo-accounts';
import { seedAccounts } from '../../../seed/seed-accounts';
import { authHeaders } from '../../../test/auth-helpers';
import { probeArgs } from '../../../platform/media/media-plans';
import { PROBE_LIMITS } from '../../../platform/media/media-probe';
import { runMedia } from '../../../platform/media/media-runner';
import { createTestAdapters } from '../../../test/test-adapters';
import { openManagerRoom } from '../../../test/live-rooms';
import { TestClock } from '../../../test/test-clock';
import { findUserContext } from '../../identity/identity.repo';
import { liveJobs } from './live.jobs';
import { insertRecording } from './live-recordings.repo';
import {
  downloadRecording,
  isRecording,
  listRecordings,
  shareRecording,
  startRecording,
  stopRecording,
  type RecordingDeps,
  composeKey,
} from './live-recordings.service';
import { recordingBlobKey, recordingDir } from './recording-compose.service';
import { writeCallRecording } from './recording.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

const makeRoom = (app: App, adapters: Adapters) => openManagerRoom(app, adapters, { session_name: 'Walkaround' });

/** The streams and duration of a file, read by ffprobe as the server finds it (media-binaries). */
const probe = async (file: string) =>
  JSON.parse((await runMedia({ tool: 'ffprobe', args: probeArgs(file), ...PROBE_LIMITS })).stdout) as {
    streams: { codec_type: string; codec_name: string }[];
    format: { duration: string };
  };

describe('recordings of live calls: refusals through the API', () => {
  const clock = new TestClock('2026-11-25T10:00:00Z');
  let p2p: { adapters: Adapters; app: App; room: LiveRoom };
  let sfu: { adapters: Adapters; app: App; room: LiveRoom };

  beforeAll(async () => {
    const make = async (env: Record<string, string>) => {
      const adapters = await createTestAdapters(env, { clock });
      await seedAccounts(adapters);
      const app = await buildApp(adapters);
      return { adapters, app, room: await makeRoom(app, adapters) };
    };
    p2p = await make({});
    // Janus configured but not answering.
    sfu = await make({ LIVE_SFU: 'janus', JANUS_URL: 'ws://127.0.0.1:9/' });
  });
  afterAll(async () => {
    for (const s of [p2p, sfu]) {
      await s?.app.close();
      await s?.adapters.cleanup();
    }
  });

  const call = async (s: typeof p2p, method: 'GET' | 'POST', suffix: string, email: string | null = MANAGER) =>
    s.app.inject({
      method,
      url: `/api/videos/live/rooms/${s.room.id_live_video}/recordings${suffix}`,
      headers: email ? await authHeaders(s.adapters, email) : {},
    });

  it('refuses to record a peer-to-peer call, and lists nothing to record', async () => {
    const start = await call(p2p, 'POST', '');
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'SFU_REQUIRED' } } });
    expect((await call(p2p, 'POST', '/stop')).json()).toMatchObject({
      error: { code: 'CONFLICT', details: { reason: 'NOT_RECORDING' } },
    });
    const list = await call(p2p, 'GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json<LiveRecordingList>()).toEqual({ available: false, items: [] });
  });

  it('refuses a visitor and another dealer group (404, as a room that does not exist)', async () => {
    for (const [method, suffix] of [
      ['POST', ''],
      ['POST', '/stop'],
      ['GET', ''],
    ] as const) {
      expect((await call(sfu, method, suffix, null)).statusCode).toBe(401);
      const foreign = await call(sfu, method, suffix, OTHER);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const id = '00000000-0000-0000-0000-000000000000';
    expect(
      (
        await sfu.app.inject({
          method: 'GET',
          url: `/api/videos/live/rooms/${sfu.room.id_live_video}/recordings/${id}/download`,
          headers: await authHeaders(sfu.adapters, OTHER),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await sfu.app.inject({ method: 'GET', url: `/api/videos/live/recordings/shared/${'A'.repeat(22)}` })).statusCode,
    ).toBe(404);
  });

  it('keeps nothing when Janus does not answer the start', async () => {
    const start = await call(sfu, 'POST', '');
    expect(start.statusCode).toBe(503);
    expect(start.json()).toMatchObject({ error: { details: { reason: 'SFU_UNAVAILABLE' } } });
    expect((await call(sfu, 'GET', '')).json<LiveRecordingList>()).toEqual({ available: true, items: [] });
    expect(fs.readdirSync(recordingDir(sfu.adapters.config, 'x').replace(/x$/, ''))).toEqual([]);
  });

  it('tells a participant joining a call being recorded that it is, right after its welcome', async () => {
    await insertRecording(sfu.adapters.db, {
      id: '11111111-1111-1111-1111-111111111111',
      roomId: sfu.room.id_live_video,
      status: 'recording',
      startedBy: demoUser(MANAGER).id,
      startedAt: clock.now().toISOString(),
      stoppedAt: null,
      durationMs: null,
      blobKey: null,
      sizeBytes: null,
      shareToken: null,
      error: null,
    });
    const query = { identity: 'Guest', room: sfu.room.room_name, code: sfu.room.meeting_code };
    const { access_token } = (
      await sfu.app.inject({ method: 'GET', url: '/api/videos/live/token', query })
    ).json<LiveToken>();
    const got: ServerMessage[] = [];
    let seen = () => undefined as unknown;
    const ws = await sfu.app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(access_token)}`,
      {},
      {
        onInit: (w) =>
          w.on('message', (data: Buffer) => {
            got.push(JSON.parse(data.toString()) as ServerMessage);
            seen();
          }),
      },
    );
    await new Promise<void>((resolve) => {
      seen = () => got.length >= 2 && resolve();
      seen();
    });
    expect(got.slice(0, 2).map((m) => m.type)).toEqual(['welcome', 'recording']);
    expect(got[1]).toEqual({ type: 'recording', on: true });
    ws.close(1000);
  });
});

describe('recordings of live calls: start, stop, the compose job', () => {
  const clock = new TestClock('2026-11-25T10:00:00Z');
  let adapters: Adapters;
  let app: App;
  let room: LiveRoom;
  let deps: RecordingDeps;
  const recorded: { room: string; dir: string | null }[] = [];
  const announced: { room: string; on: boolean }[] = [];

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    room = await makeRoom(app, adapters);
    deps = {
      ...adapters,
      recorder: { setRecording: async (r, dir) => (recorded.push({ room: r, dir }), true) },
      announce: async (r, on) => void announced.push({ room: r, on }),
    };
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const manager = async () => (await findUserContext(adapters.db, { email: MANAGER }))!;

  it('records into a folder of its own, one recording at a time, tells the room, and queues one compose job on stop', async () => {
    const user = await manager();
    const started = await startRecording(deps, user, room.id_live_video);
    expect(started).toMatchObject({ status: 'recording', durationMs: null, startedAt: '2026-11-25T10:00:00.000Z' });
    const dir = recordingDir(adapters.config, started.id);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(recorded).toEqual([{ room: room.id_live_video, dir }]);
    expect(announced).toEqual([{ room: room.id_live_video, on: true }]);
    expect(await isRecording(adapters, room.id_live_video)).toBe(true);
    await expect(startRecording(deps, user, room.id_live_video)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'ALREADY_RECORDING' },
    });

    clock.advance(4_200);
    const stopped = await stopRecording(deps, user, room.id_live_video, () => undefined);
    expect(stopped).toMatchObject({ id: started.id, status: 'processing', durationMs: 4_200 });
    expect(recorded.at(-1)).toEqual({ room: room.id_live_video, dir: null });
    expect(announced.at(-1)).toEqual({ room: room.id_live_video, on: false });
    expect(await isRecording(adapters, room.id_live_video)).toBe(false);
    expect(await adapters.queue.getByKey(composeKey(started.id))).toMatchObject({
      name: 'live.compose-recording',
      status: 'queued',
    });
    await expect(stopRecording(deps, user, room.id_live_video, () => undefined)).rejects.toMatchObject({
      details: { reason: 'NOT_RECORDING' },
    });
    const list = await listRecordings(deps, user, room.id_live_video);
    expect(list).toEqual({
      available: true,
      items: [{ ...stopped, sizeBytes: null, shareUrl: null }] satisfies LiveRecording[],
    });
    await expect(downloadRecording(deps, user, room.id_live_video, started.id)).rejects.toMatchObject({
      details: { reason: 'NOT_READY' },
    });
  });

  it('composes the tracks into one playable MP4 of the recorded duration, once, and deletes the raw files', async () => {
    const user = await manager();
    const rec = await startRecording(deps, user, room.id_live_video);
    const dir = recordingDir(adapters.config, rec.id);
    // Two participants: the second joined a second after the first.
    writeCallRecording(dir, [
      { seconds: 3, startedUs: 1_764_064_800_000_000 },
      { seconds: 2, startedUs: 1_764_064_801_000_000, frequency: 660 },
    ]);
    clock.advance(3_000);
    await stopRecording(deps, user, room.id_live_video, () => undefined);
    // A run that crashed after storing a blob but before marking the recording ready: the retry stores it again.
    await adapters.blobs.put(recordingBlobKey(room.id_live_video, rec.id), Buffer.from('partial'), 'video/mp4');
    const { compose } = liveJobs(adapters);
    await compose.handler({ recordingId: rec.id }, { jobId: 'j1', attempt: 1, signal: new AbortController().signal });
    const [ready] = (await listRecordings(deps, user, room.id_live_video)).items.filter((r) => r.id === rec.id);
    expect(ready).toMatchObject({ status: 'ready', durationMs: 3_000 });
    expect(ready!.sizeBytes).toBeGreaterThan(1000);
    expect(fs.existsSync(dir)).toBe(false);
    const file = await adapters.blobs.localFile(recordingBlobKey(room.id_live_video, rec.id));
    const info = await probe(file!);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThan(0.3);
    // Run again (a retry after the job was done): nothing changes.
    const before = fs.statSync(file!).mtimeMs;
    await compose.handler({ recordingId: rec.id }, { jobId: 'j1', attempt: 2, signal: new AbortController().signal });
    expect(fs.statSync(file!).mtimeMs).toBe(before);
    // Download and the public link, made once.
    expect((await downloadRecording(deps, user, room.id_live_video, rec.id)).url).toContain('/blobs/');
    const shared = await shareRecording(deps, user, room.id_live_video, rec.id);
    expect(shared.shareUrl).toMatch(/\/api\/videos\/live\/recordings\/shared\/[A-Za-z0-9_-]{22}$/);
    expect(await shareRecording(deps, user, room.id_live_video, rec.id)).toEqual(shared);
    const open = await app.inject({ method: 'GET', url: new URL(shared.shareUrl).pathname });
    expect(open.statusCode).toBe(302);
    expect((await app.inject({ method: 'GET', url: open.headers.location as string })).headers['content-type']).toBe(
      'video/mp4',
    );
  }, 60_000);

  it('marks a recording without media failed at once, its failure listed', async () => {
    const user = await manager();
    const rec = await startRecording(deps, user, room.id_live_video);
    clock.advance(1_000);
    await stopRecording(deps, user, room.id_live_video, () => undefined);
    await liveJobs(adapters).compose.handler(
      { recordingId: rec.id },
      { jobId: 'j2', attempt: 1, signal: new AbortController().signal },
    );
    expect((await listRecordings(deps, user, room.id_live_video)).items.find((r) => r.id === rec.id)).toMatchObject({
      status: 'failed',
    });
  });
});
