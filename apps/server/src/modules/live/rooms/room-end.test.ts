import { LIVE_CLOSE, type LiveRoom, type LiveRoomInfo } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { seedAccounts } from '../../../seed/seed-accounts';
import { authHeaders } from '../../../test/auth-helpers';
import { createTestAdapters } from '../../../test/test-adapters';
import { TestClock } from '../../../test/test-clock';
import { openManagerRoom } from '../../../test/live-rooms';
import { addWebhookEndpoint } from '../../webhooks/webhooks.fixtures';
import { endRoom } from './room-end.service';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('a live room ends (live.room.ended)', () => {
  const clock = new TestClock('2026-11-25T10:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let headers: Record<string, string>;

  beforeAll(async () => {
    adapters = await createTestAdapters({ LIVE_ROOM_END_GRACE_SECONDS: '0' }, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    await app.ready();
    headers = await authHeaders(adapters, MANAGER);
    // An endpoint of the group: events are written for it (no worker runs here; the outbox is what is checked).
    await addWebhookEndpoint(adapters.db, {
      id: 'ep-rooms',
      url: 'https://hooks.example.com/x',
      eventTypes: ['live.room.ended'],
      createdAt: clock.now().toISOString(),
    });
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const newRoom = () => openManagerRoom(app, adapters, { session_name: 'Test drive' });
  const ended = async (roomId: string) =>
    (await adapters.db.selectFrom('webhook_events').selectAll().where('type', '=', 'live.room.ended').execute())
      .map((e) => JSON.parse(e.body) as { data: Record<string, unknown> })
      .filter((e) => e.data.roomId === roomId);
  const join = async (room: LiveRoom, h: Record<string, string>) => {
    const token = await app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      query: { identity: 'Someone', room: room.room_name, ...(h.authorization ? {} : { code: room.meeting_code }) },
      headers: h,
    });
    // The listener goes on before the socket opens: the welcome may come at once.
    let welcome!: Promise<unknown>;
    const ws = await app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(token.json<{ access_token: string }>().access_token)}`,
      {},
      { onInit: (w) => (welcome = new Promise((r) => w.once('message', r))) },
    );
    await welcome;
    return ws;
  };

  const tokenFor = async (room: LiveRoom) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/videos/live/token',
        query: { identity: 'Early guest', room: room.room_name, code: room.meeting_code },
      })
    ).json<{ access_token: string }>().access_token;
  /** A socket's messages and its close code, listened to before it opens. */
  const watch = async (token: string, lobby = false) => {
    const got: string[] = [];
    let closed!: Promise<number>;
    await app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(token)}${lobby ? '&lobby=1' : ''}`,
      {},
      {
        onInit: (w) => {
          w.on('message', (m: Buffer) => got.push(JSON.parse(String(m)).type));
          closed = new Promise((r) => w.once('close', (code: number) => r(code)));
        },
      },
    );
    return { got, closed };
  };

  /** The events once the rooms' members are gone: a vanished socket leaves after the rejoin grace (3 s). */
  const endedSoon = async (roomId: string) => {
    for (let i = 0; i < 300 && !(await ended(roomId)).length; i++) await new Promise((r) => setTimeout(r, 20));
    return ended(roomId);
  };

  it('ends once when its last participant left and it stayed empty, with its duration and participants', async () => {
    const room = await newRoom();
    const host = await join(room, headers);
    const guest = await join(room, {});
    clock.advance(90_000);
    // A vanished socket leaves after the rejoin grace: the host is told, and the room, not empty, goes on.
    const left = new Promise((r) => host.on('message', (m: Buffer) => String(m).includes('"left"') && r(m)));
    guest.terminate();
    await left;
    await new Promise((r) => setTimeout(r, 50));
    expect(await ended(room.id_live_video)).toEqual([]);
    host.terminate();
    const events = await endedSoon(room.id_live_video);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reason: 'empty', durationSeconds: 90, participants: 2 });

    // Two API processes ending it at the same time, and its host after them: still one event.
    const tries = await Promise.all([
      endRoom(adapters, room.id_live_video, 'empty'),
      endRoom(adapters, room.id_live_video, 'empty'),
    ]);
    expect(tries).toEqual([false, false]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/videos/live/rooms/${room.id_live_video}/end`,
      headers,
    });
    expect(again.statusCode).toBe(204);
    expect(await ended(room.id_live_video)).toHaveLength(1);
  });

  it('is ended by its host, once; another group’s user gets a 404', async () => {
    const room = await newRoom();
    const url = `/api/videos/live/rooms/${room.id_live_video}/end`;
    const other = await app.inject({ method: 'POST', url, headers: await authHeaders(adapters, OTHER) });
    expect(other.statusCode).toBe(404);
    expect(await ended(room.id_live_video)).toEqual([]);
    const [a, b] = await Promise.all([
      endRoom(adapters, room.id_live_video, 'host'),
      app.inject({ method: 'POST', url, headers }),
    ]);
    expect(b.statusCode).toBe(204);
    expect(a === true || a === false).toBe(true);
    const events = await ended(room.id_live_video);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reason: 'host', participants: 0, durationSeconds: 0, startedAt: null });
  });

  it('refuses a late joiner by its link once ended: the page is told, and no token is given, even to its host', async () => {
    const room = await newRoom();
    const info = (h: Record<string, string>, code?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/videos/live/rooms/${room.id_live_video}`,
        query: code ? { code } : {},
        headers: h,
      });
    const token = (h: Record<string, string>, code?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/videos/live/token',
        query: { identity: 'Late guest', room: room.room_name, ...(code ? { code } : {}) },
        headers: h,
      });
    expect((await info({}, room.meeting_code)).json<LiveRoomInfo>().ended).toBe(false);
    expect((await token({}, room.meeting_code)).statusCode).toBe(200);

    const end = await app.inject({ method: 'POST', url: `/api/videos/live/rooms/${room.id_live_video}/end`, headers });
    expect(end.statusCode).toBe(204);
    expect((await info({}, room.meeting_code)).json<LiveRoomInfo>().ended).toBe(true);
    for (const refused of [await token({}, room.meeting_code), await token(headers)]) {
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toMatchObject({ error: { code: 'ROOM_ENDED' } });
    }
    // The wrong code still answers as before: an ended room tells nothing to someone without its link.
    expect((await token({}, 'not-the-code')).statusCode).toBe(404);
  });

  it('opens no socket for a token taken before the end, though the token still lives', async () => {
    const room = await newRoom();
    const early = await tokenFor(room);
    await app.inject({ method: 'POST', url: `/api/videos/live/rooms/${room.id_live_video}/end`, headers });
    const refused = await watch(early);
    expect(await refused.closed).toBe(LIVE_CLOSE.ROOM_ENDED);
    // Refused before anything: no welcome, nobody in the room.
    expect(refused.got).toEqual([]);
  });

  it('tells everyone in the call and in its lobby when its host ends it, and closes their sockets', async () => {
    const room = await newRoom();
    const host = await watch(
      (
        await app.inject({
          method: 'GET',
          url: '/api/videos/live/token',
          query: { identity: 'Host', room: room.room_name },
          headers,
        })
      ).json<{ access_token: string }>().access_token,
    );
    const guest = await watch(await tokenFor(room));
    const lobby = await watch(await tokenFor(room), true);
    for (let i = 0; i < 100 && [host, guest, lobby].some((s) => !s.got.includes('welcome')); i++)
      await new Promise((r) => setTimeout(r, 10));
    await app.inject({ method: 'POST', url: `/api/videos/live/rooms/${room.id_live_video}/end`, headers });
    for (const member of [host, guest, lobby]) {
      expect(await member.closed).toBe(LIVE_CLOSE.ROOM_ENDED);
      expect(member.got.at(-1)).toBe('ended');
    }
  });
});
