import { createHmac } from 'node:crypto';
import type { LiveOptions, LiveRoom, LiveToken, ServerMessage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { seedAccounts } from '../../../seed/seed-accounts';
import { createTestAdapters } from '../../../test/test-adapters';
import { TestClock } from '../../../test/test-clock';
import { openManagerRoom } from '../../../test/live-rooms';

const SECRET = 'coturn-shared-secret-for-tests';

describe('live rooms with TURN and the Janus SFU configured', () => {
  const clock = new TestClock('2026-11-25T10:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let room: LiveRoom;

  beforeAll(async () => {
    adapters = await createTestAdapters(
      {
        LIVE_ICE_SERVERS: '[{"urls":"stun:stun.example.test:3478"}]',
        TURN_URLS: 'turn:turn.example.test:3478?transport=udp, turn:turn.example.test:3478?transport=tcp',
        TURN_SECRET: SECRET,
        TURN_TTL_SECONDS: '600',
        LIVE_SFU: 'janus',
        // Nothing answers there: rooms still open, the media wait for Janus.
        JANUS_URL: 'ws://127.0.0.1:9/',
      },
      { clock },
    );
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    room = await openManagerRoom(app, adapters);
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  it('gives each participant its own time-limited TURN credentials with its room token, after the static servers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      query: { identity: 'Guest', room: room.room_name, code: room.meeting_code },
    });
    expect(res.statusCode).toBe(200);
    const { access_token, iceServers } = res.json<LiveToken>();
    const participant = JSON.parse(Buffer.from(access_token.split('.')[0]!, 'base64url').toString())
      .participant as string;
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.test:3478' });
    const turn = iceServers[1]!;
    expect(turn.urls).toEqual([
      'turn:turn.example.test:3478?transport=udp',
      'turn:turn.example.test:3478?transport=tcp',
    ]);
    expect(turn.username).toBe(`${Date.parse('2026-11-25T10:00:00Z') / 1000 + 600}:${participant}`);
    expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username!).digest('base64'));
    const other = (
      await app.inject({
        method: 'GET',
        url: '/api/videos/live/token',
        query: { identity: 'Guest', room: room.room_name, code: room.meeting_code },
      })
    ).json<LiveToken>();
    expect(other.iceServers[1]!.username).not.toBe(turn.username);
    // Without the code, no token and no credentials.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/videos/live/token',
          query: { identity: 'Guest', room: room.room_name },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reports a configured Janus that does not answer as degraded, and still serves', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', dependencies: { janus: 'down' } });
  });

  it('opens the signalling socket without Janus and says the SFU is unavailable', async () => {
    const { access_token } = (
      await app.inject({
        method: 'GET',
        url: '/api/videos/live/token',
        query: { identity: 'Guest', room: room.room_name, code: room.meeting_code },
      })
    ).json<LiveToken>();
    const got: ServerMessage[] = [];
    let seen: (() => void) | null = null;
    const ws = await app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(access_token)}`,
      {},
      {
        onInit: (w) =>
          w.on('message', (data: Buffer) => {
            got.push(JSON.parse(data.toString()) as ServerMessage);
            seen?.();
          }),
      },
    );
    const until = (test: () => boolean) =>
      new Promise<void>((resolve) => {
        seen = () => test() && resolve();
        seen();
      });
    await until(() => got.some((m) => m.type === 'error'));
    // After its welcome, the joiner is told whether the call is recorded.
    expect(got.map((m) => m.type)).toEqual(['welcome', 'recording', 'error']);
    expect(got[1]).toEqual({ type: 'recording', on: false });
    expect(got[2]).toEqual({ type: 'error', code: 'SFU_UNAVAILABLE' });
    ws.close(1000);
  });

  it('tells the room page to use the SFU driver, and never shows it Janus or the secrets', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/API/V1/videos/live/${room.id_live_video}/options`,
      query: { code: room.meeting_code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<LiveOptions>().driver).toBe('sfu');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('127.0.0.1:9');
  });
});
