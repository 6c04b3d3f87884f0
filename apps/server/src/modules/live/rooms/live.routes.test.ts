import type { LiveRoom, LiveRoomInfo, ServerMessage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { demoUser } from '../../../seed/demo-accounts';
import { seedAccounts } from '../../../seed/seed-accounts';
import { authHeaders } from '../../../test/auth-helpers';
import { createTestAdapters } from '../../../test/test-adapters';
import { TestClock } from '../../../test/test-clock';
import { makeShooting } from '../../players/players.fixtures';
import { createLiveTokens, LIVE_TOKEN_TTL_SECONDS } from './live-token';
import { meetingWhen } from './meeting-when';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

type Socket = Awaited<ReturnType<App['injectWS']>>;

/** Messages a test socket received, awaited by predicate. */
function inbox(ws: Socket) {
  const got: ServerMessage[] = [];
  const waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as ServerMessage;
    got.push(m);
    for (const w of waiters.splice(0)) {
      if (w.test(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  return {
    got,
    next: (test: (m: ServerMessage) => boolean) =>
      new Promise<ServerMessage>((resolve) => {
        const found = got.find(test);
        if (found) resolve(found);
        else waiters.push({ test, resolve });
      }),
  };
}

const closeCode = (ws: Socket) => new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));

describe('live rooms API', () => {
  const clock = new TestClock('2026-11-25T10:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let headers: Record<string, string>;
  let room: LiveRoom;
  const me = () => demoUser(MANAGER).id;

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    await app.ready();
    headers = await authHeaders(adapters, MANAGER);
    const res = await app.inject({
      method: 'POST',
      url: '/api/videos/live/rooms',
      headers,
      payload: {
        session_name: 'Test drive Clio',
        user_id: me(),
        appointment_date: '2026-11-26 14:30:00',
        owner_id: 'own-demo-paris',
      },
    });
    expect(res.statusCode).toBe(201);
    room = res.json<LiveRoom>();
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const token = async (
    code: string | undefined,
    h: Record<string, string> = {},
    roomName = room.room_name,
    resume?: string,
  ) =>
    app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      query: { identity: 'Guest', room: roomName, ...(code ? { code } : {}), ...(resume ? { resume } : {}) },
      headers: h,
    });

  it('creates a room in UTC with a meeting code of at least 96 bits and its link, and lists it for its creator', async () => {
    expect(room).toMatchObject({
      session_name: 'Test drive Clio',
      appointment_date: '2026-11-26 14:30:00',
      owner_id: 'own-demo-paris',
      registration: null,
    });
    expect(Buffer.from(room.meeting_code, 'base64url').length * 8).toBeGreaterThanOrEqual(96);
    expect(room.link).toBe(
      `${adapters.config.PUBLIC_URL}/videos/live/rooms/${room.id_live_video}?code=${room.meeting_code}`,
    );
    const list = await app.inject({ method: 'GET', url: `/api/users/${me()}/videos/live/rooms`, headers });
    expect(list.json<{ items: LiveRoom[] }>().items.map((r) => r.id_live_video)).toEqual([room.id_live_video]);
  });

  it('refuses a bad date, a past appointment, a foreign owner, another user and a caller without the option', async () => {
    const create = (payload: object, h = headers) =>
      app.inject({
        method: 'POST',
        url: '/api/videos/live/rooms',
        headers: h,
        payload: {
          session_name: 'x',
          user_id: me(),
          appointment_date: '2026-11-26 14:30:00',
          owner_id: 'own-demo-paris',
          ...payload,
        },
      });
    expect((await create({ appointment_date: '26/11/2026 14:30' })).statusCode).toBe(400);
    expect((await create({ appointment_date: '2026-11-20 14:30:00' })).statusCode).toBe(400);
    expect((await create({ owner_id: 'own-other-bordeaux' })).statusCode).toBe(404);
    expect((await create({ user_id: demoUser(SALES).id })).statusCode).toBe(404);
    const sales = await create({ user_id: demoUser(SALES).id }, await authHeaders(adapters, SALES));
    expect(sales.statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/users/${demoUser(SALES).id}/videos/live/rooms`,
          headers: await authHeaders(adapters, SALES),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a registration with an emoji or over 20 characters as a shooting’s is, naming the field', async () => {
    const create = (registration: string) =>
      app.inject({
        method: 'POST',
        url: '/api/videos/live/rooms',
        headers,
        payload: {
          session_name: 'Emoji plate',
          user_id: me(),
          appointment_date: '2026-11-26 14:30:00',
          owner_id: 'own-demo-paris',
          registration,
        },
      });
    const emoji = await create('AB-123 🚗');
    expect(emoji.statusCode).toBe(400);
    expect(emoji.body).toMatch(/registration/);
    expect(emoji.body).toMatch(/letters, digits, spaces and dashes only/);
    const long = await create('AB-123-CD-456-EF-789-G');
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/at most 20 characters/);
    // Blank is no vehicle, as before.
    expect((await create('  ')).json<LiveRoom>().registration).toBeNull();
  });

  it('answers room info to a visitor with the code, and the same wrong-code error for a wrong, missing or unknown one', async () => {
    const info = await app.inject({
      method: 'GET',
      url: `/api/videos/live/rooms/${room.id_live_video}`,
      query: { code: room.meeting_code },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json<LiveRoomInfo>()).toMatchObject({
      session_name: 'Test drive Clio',
      ownerName: 'Demo Motors Paris',
      vehicle: null,
    });
    expect(info.json<LiveRoomInfo>().contactInformations.length).toBeGreaterThan(0);
    const wrong = [
      await app.inject({
        method: 'GET',
        url: `/api/videos/live/rooms/${room.id_live_video}`,
        query: { code: 'A'.repeat(22) },
      }),
      await app.inject({ method: 'GET', url: `/api/videos/live/rooms/${room.id_live_video}` }),
      await app.inject({
        method: 'GET',
        url: `/api/videos/live/rooms/00000000-0000-0000-0000-000000000000`,
        query: { code: room.meeting_code },
      }),
    ];
    for (const res of wrong) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: 'WRONG_MEETING_CODE',
          message: 'The meeting code is wrong; check the link',
          requestId: res.headers['x-request-id'],
        },
      });
    }
    // Its dealer reaches it without the code; another dealer group does not.
    expect(
      (await app.inject({ method: 'GET', url: `/api/videos/live/rooms/${room.id_live_video}`, headers })).statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/videos/live/rooms/${room.id_live_video}`,
          headers: await authHeaders(adapters, OTHER),
        })
      ).statusCode,
    ).toBe(404);
    const options = await app.inject({
      method: 'GET',
      url: `/API/V1/videos/live/${room.id_live_video}/options`,
      query: { code: room.meeting_code },
    });
    expect(options.json()).toEqual({
      iceServers: [],
      driver: 'p2p',
      media: {
        videoCodec: 'VP8',
        maxAudioBitrate: 16000,
        video: { width: 600, height: 400, frameRate: 24 },
        dominantSpeaker: true,
      },
    });
    expect(
      (await app.inject({ method: 'GET', url: `/API/V1/videos/live/${room.id_live_video}/options` })).statusCode,
    ).toBe(404);
  });

  /** Opens the signalling socket with a fresh token (a rejoin when `resume` is the previous one). */
  const open = async (
    code: string | undefined,
    h: Record<string, string>,
    roomName: string,
    resume?: string,
    lobby = false,
  ) => {
    const t = (await token(code, h, roomName, resume)).json<{ access_token: string }>().access_token;
    let box!: ReturnType<typeof inbox>;
    // The listener goes on before the socket opens: the welcome may come at once.
    const ws = await app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(t)}${lobby ? '&lobby=1' : ''}`,
      {},
      { onInit: (w) => (box = inbox(w as unknown as Socket)) },
    );
    const welcome = (await box.next((m) => m.type === 'welcome')) as Extract<ServerMessage, { type: 'welcome' }>;
    return { ws, box, welcome, token: t };
  };

  it('issues a short-lived token only with the code or to the dealer, and only that token opens the socket', async () => {
    expect((await token(undefined)).statusCode).toBe(404);
    expect((await token('B'.repeat(22))).statusCode).toBe(404);
    expect((await token(undefined, await authHeaders(adapters, OTHER))).statusCode).toBe(404);
    const visitor = await token(room.meeting_code);
    expect(visitor.json()).toMatchObject({ expires_in: LIVE_TOKEN_TTL_SECONDS, iceServers: [] });

    const foreign = createLiveTokens('another deployment').issue({
      room: room.id_live_video,
      identity: 'x',
      participant: 'pppppppppppp',
      host: true,
      exp: Math.floor(clock.now().getTime() / 1000) + 60,
    });
    for (const bad of [foreign, 'garbage', `${visitor.json<{ access_token: string }>().access_token}x`]) {
      let closed!: Promise<number>;
      await app.injectWS(
        `/api/videos/live/signal?token=${encodeURIComponent(bad)}`,
        {},
        { onInit: (w) => (closed = closeCode(w as unknown as Socket)) },
      );
      expect(await closed).toBe(4401);
    }
    const expiring = (await token(room.meeting_code)).json<{ access_token: string }>().access_token;
    clock.advance((LIVE_TOKEN_TTL_SECONDS + 1) * 1000);
    let late!: Promise<number>;
    await app.injectWS(
      `/api/videos/live/signal?token=${encodeURIComponent(expiring)}`,
      {},
      { onInit: (w) => (late = closeCode(w as unknown as Socket)) },
    );
    expect(await late).toBe(4403);
  });

  it('relays signals within the room only, tells joins and leaves, and lets only the dealer move the spin', async () => {
    const other = (
      await app.inject({
        method: 'POST',
        url: '/api/videos/live/rooms',
        headers,
        payload: {
          session_name: 'Other',
          user_id: me(),
          appointment_date: '2026-11-27 09:00:00',
          owner_id: 'own-demo-lyon',
        },
      })
    ).json<LiveRoom>();
    const dealer = await open(undefined, headers, room.room_name);
    expect(dealer.welcome.self.host).toBe(true);
    const guest = await open(room.meeting_code, {}, room.room_name);
    expect(guest.welcome.self.host).toBe(false);
    expect(guest.welcome.participants.map((p) => p.id)).toEqual([dealer.welcome.self.id]);
    await dealer.box.next((m) => m.type === 'joined' && m.participant.id === guest.welcome.self.id);
    const stranger = await open(other.meeting_code, {}, other.room_name);

    const offer = {
      type: 'signal',
      to: guest.welcome.self.id,
      data: { pc: 'pc-1', description: { type: 'offer', sdp: 'v=0' } },
    };
    dealer.ws.send(JSON.stringify(offer));
    expect(await guest.box.next((m) => m.type === 'signal')).toEqual({
      type: 'signal',
      from: dealer.welcome.self.id,
      data: offer.data,
    });
    // The visitor does not show the dealer's video (someone else is in its main video): the dealer is told, to pause it.
    const hint = { type: 'signal', to: dealer.welcome.self.id, data: { pc: 'pc-1', shown: false } };
    guest.ws.send(JSON.stringify(hint));
    expect(await dealer.box.next((m) => m.type === 'signal')).toEqual({
      type: 'signal',
      from: guest.welcome.self.id,
      data: hint.data,
    });
    // A message for a participant of another room is refused and never delivered.
    stranger.ws.send(JSON.stringify({ ...offer, to: guest.welcome.self.id }));
    expect(await stranger.box.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'NOT_IN_ROOM' });
    guest.ws.send('not json');
    expect(await guest.box.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'INVALID_MESSAGE' });

    guest.ws.send(JSON.stringify({ type: 'spin', spin: { frame: 3 } }));
    // The box keeps every message, so the refusal is looked up by its code (INVALID_MESSAGE came before).
    expect(await guest.box.next((m) => m.type === 'error' && m.code === 'FORBIDDEN')).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
    });
    dealer.ws.send(JSON.stringify({ type: 'spin', spin: { frame: 7 } }));
    expect(await guest.box.next((m) => m.type === 'spin')).toEqual({ type: 'spin', spin: { frame: 7 } });
    // Only the dealer turns the spin: the visitor's frame 3 reached nobody.
    expect(
      [...guest.box.got, ...dealer.box.got, ...stranger.box.got].filter(
        (m) => m.type === 'spin' && m.spin?.frame === 3,
      ),
    ).toEqual([]);
    guest.ws.send(JSON.stringify({ type: 'media', state: { audio: false, video: true, screen: true } }));
    expect(await dealer.box.next((m) => m.type === 'media')).toEqual({
      type: 'media',
      from: guest.welcome.self.id,
      state: { audio: false, video: true, screen: true },
    });

    // A vanished socket leaves the others once the grace for a rejoin is over.
    guest.ws.terminate();
    expect(await dealer.box.next((m) => m.type === 'left')).toEqual({ type: 'left', id: guest.welcome.self.id });
    expect(stranger.box.got.filter((m) => m.type === 'left' || m.type === 'signal' || m.type === 'spin')).toEqual([]);
    dealer.ws.terminate();
    stranger.ws.terminate();
  });

  it('keeps a page in the preview in the lobby: it negotiates with the participants, unlisted and unannounced, and is announced on its join', async () => {
    // A room of its own: the other tests' participants may still be in theirs (the rejoin grace).
    const lobbyRoom = (
      await app.inject({
        method: 'POST',
        url: '/api/videos/live/rooms',
        headers,
        payload: {
          session_name: 'Lobby',
          user_id: me(),
          appointment_date: '2026-11-27 09:00:00',
          owner_id: 'own-demo-lyon',
        },
      })
    ).json<LiveRoom>();
    const room = lobbyRoom;
    const dealer = await open(undefined, headers, room.room_name);
    const early = await open(room.meeting_code, {}, room.room_name, undefined, true);
    expect(early.welcome).toMatchObject({
      waiting: true,
      resumed: false,
      participants: [{ id: dealer.welcome.self.id }],
    });
    expect(dealer.welcome.waiting).toBe(false);
    const waitingNotice = await dealer.box.next((m) => m.type === 'waiting');
    expect(waitingNotice).toEqual({ type: 'waiting', participant: early.welcome.self });
    // A second page in the preview: listed to nobody, and the lobby's members do not reach each other.
    const late = await open(room.meeting_code, {}, room.room_name, undefined, true);
    expect(late.welcome.participants.map((p) => p.id)).toEqual([dealer.welcome.self.id]);
    const offerTo = (to: string, pc: string) => ({
      type: 'signal',
      to,
      data: { pc, description: { type: 'offer', sdp: 'v=0' } },
    });
    late.ws.send(JSON.stringify(offerTo(early.welcome.self.id, 'pc-x')));
    expect(await late.box.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'NOT_IN_ROOM' });

    // It negotiates with the participants both ways.
    early.ws.send(JSON.stringify(offerTo(dealer.welcome.self.id, 'pc-1')));
    expect(await dealer.box.next((m) => m.type === 'signal')).toMatchObject({
      from: early.welcome.self.id,
      data: { pc: 'pc-1' },
    });
    const answer = {
      type: 'signal',
      to: early.welcome.self.id,
      data: { pc: 'pc-1', description: { type: 'answer', sdp: 'v=0' } },
    };
    dealer.ws.send(JSON.stringify(answer));
    expect(await early.box.next((m) => m.type === 'signal')).toEqual({
      type: 'signal',
      from: dealer.welcome.self.id,
      data: answer.data,
    });
    // It is no participant yet: no media state, no spin (even a dealer's page would be refused).
    early.ws.send(JSON.stringify({ type: 'media', state: { audio: true, video: true, screen: false } }));
    expect(await early.box.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'NOT_JOINED' });
    early.ws.send(JSON.stringify({ type: 'spin', spin: { frame: 1 } }));
    const errors = () => early.box.got.filter((g) => g.type === 'error');
    await early.box.next(() => errors().length === 2);
    expect(errors()).toEqual([
      { type: 'error', code: 'NOT_JOINED' },
      { type: 'error', code: 'NOT_JOINED' },
    ]);
    // It follows who is in the call: a participant who joins straight away learns who waits, not the other way round.
    const sales = await open(room.meeting_code, {}, room.room_name);
    expect(sales.welcome.participants.map((p) => p.id)).toEqual([dealer.welcome.self.id]);
    await sales.box.next((m) => m.type === 'waiting' && m.participant.id === late.welcome.self.id);
    expect(
      sales.box.got
        .filter((m) => m.type === 'waiting')
        .map((m) => m.type === 'waiting' && m.participant.id)
        .sort(),
    ).toEqual([early.welcome.self.id, late.welcome.self.id].sort());
    expect(await early.box.next((m) => m.type === 'joined')).toEqual({
      type: 'joined',
      participant: sales.welcome.self,
    });

    // The click: announced to everyone as a join, with its media state from then on.
    early.ws.send(JSON.stringify({ type: 'join' }));
    expect(await early.box.next((m) => m.type === 'entered')).toEqual({ type: 'entered' });
    // The other page still in the lobby is the newcomer's to accept.
    expect(await early.box.next((m) => m.type === 'waiting')).toEqual({
      type: 'waiting',
      participant: late.welcome.self,
    });
    for (const p of [dealer, sales, late])
      expect(await p.box.next((m) => m.type === 'joined' && m.participant.id === early.welcome.self.id)).toEqual({
        type: 'joined',
        participant: early.welcome.self,
      });
    early.ws.send(JSON.stringify({ type: 'media', state: { audio: true, video: false, screen: false } }));
    expect(await dealer.box.next((m) => m.type === 'media')).toEqual({
      type: 'media',
      from: early.welcome.self.id,
      state: { audio: true, video: false, screen: false },
    });
    early.ws.send(JSON.stringify({ type: 'join' }));
    early.ws.send(JSON.stringify(offerTo(late.welcome.self.id, 'pc-2')));
    expect(await late.box.next((m) => m.type === 'signal')).toMatchObject({ from: early.welcome.self.id });

    // A page that goes away from the preview leaves (after the rejoin grace) with no notice: the participants close its connection.
    late.ws.terminate();
    expect(await dealer.box.next((m) => m.type === 'left')).toEqual({ type: 'left', id: late.welcome.self.id });
    expect(await sales.box.next((m) => m.type === 'left')).toEqual({ type: 'left', id: late.welcome.self.id });
    const aboutLate = (m: ServerMessage) =>
      (m.type === 'joined' && m.participant.id === late.welcome.self.id) ||
      (m.type === 'left' && m.id === late.welcome.self.id);
    expect(dealer.box.got.filter(aboutLate).map((m) => m.type)).toEqual(['left']);
    expect(
      dealer.box.got.filter((m) => m.type === 'joined').map((m) => m.type === 'joined' && m.participant.id),
    ).toEqual([sales.welcome.self.id, early.welcome.self.id]);
    for (const p of [dealer, sales, early]) p.ws.terminate();
  });

  it('lets a participant whose socket dropped rejoin as itself, with the code checked again, and the others see no leave', async () => {
    const dealer = await open(undefined, headers, room.room_name);
    const guest = await open(room.meeting_code, {}, room.room_name);
    await dealer.box.next((m) => m.type === 'joined' && m.participant.id === guest.welcome.self.id);
    const participantOf = async (res: Awaited<ReturnType<typeof token>>) =>
      JSON.parse(Buffer.from(res.json<{ access_token: string }>().access_token.split('.')[0]!, 'base64url').toString())
        .participant as string;

    // A resume needs the code like any token, and only a genuine token of this room and identity keeps its participant.
    expect((await token('B'.repeat(22), {}, room.room_name, guest.token)).statusCode).toBe(404);
    const forged = createLiveTokens('another deployment').issue({
      room: room.id_live_video,
      identity: 'Guest',
      participant: guest.welcome.self.id,
      host: false,
      exp: 0,
    });
    expect(await participantOf(await token(room.meeting_code, {}, room.room_name, forged))).not.toBe(
      guest.welcome.self.id,
    );
    const otherIdentity = await app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      query: { identity: 'Someone else', room: room.room_name, code: room.meeting_code, resume: guest.token },
    });
    expect(await participantOf(otherIdentity)).not.toBe(guest.welcome.self.id);

    guest.ws.terminate();
    clock.advance((LIVE_TOKEN_TTL_SECONDS + 60) * 1000);
    const back = await open(room.meeting_code, {}, room.room_name, guest.token);
    expect(back.welcome).toMatchObject({ resumed: true, self: { id: guest.welcome.self.id } });
    expect(back.welcome.participants.map((p) => p.id)).toContain(dealer.welcome.self.id);
    const offer = {
      type: 'signal',
      to: back.welcome.self.id,
      data: { pc: 'pc-2', description: { type: 'offer', sdp: 'v=0' } },
    };
    dealer.ws.send(JSON.stringify(offer));
    expect(await back.box.next((m) => m.type === 'signal')).toEqual({
      type: 'signal',
      from: dealer.welcome.self.id,
      data: offer.data,
    });
    const aboutGuest = (m: ServerMessage) =>
      (m.type === 'left' && m.id === guest.welcome.self.id) ||
      (m.type === 'joined' && m.participant.id === guest.welcome.self.id);
    expect(dealer.box.got.filter(aboutGuest).map((m) => m.type)).toEqual(['joined']);

    // Gone for good: one leave, once the grace is over.
    back.ws.terminate();
    await dealer.box.next((m) => m.type === 'left' && m.id === guest.welcome.self.id);
    expect(dealer.box.got.filter(aboutGuest).map((m) => m.type)).toEqual(['joined', 'left']);
    dealer.ws.terminate();
  });

  it('stores one rating per visitor and room, with the code, and records e-mail shares of the dealer’s own room', async () => {
    const rate = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/API/V1/videos/live/scorings',
        payload: { id_live_video: room.id_live_video, code: room.meeting_code, score: 4, ...payload },
      });
    expect((await rate({ code: 'C'.repeat(22) })).statusCode).toBe(404);
    expect((await rate({ comment: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await rate({ comment: ' Very clear ' })).statusCode).toBe(201);
    expect((await rate({ score: 5 })).statusCode).toBe(429);
    const ratings = await adapters.db
      .selectFrom('ratings')
      .select(['kind', 'target', 'score', 'comment'])
      .where('kind', '=', 'LIVE')
      .execute();
    expect(ratings).toEqual([{ kind: 'LIVE', target: room.id_live_video, score: 4, comment: 'Very clear' }]);

    const share = (userId: string, h = headers) =>
      app.inject({
        method: 'POST',
        url: `/api/users/${userId}/statistics/videos/live/${room.id_live_video}/shared`,
        headers: h,
        payload: { source: 'WEB', sharingType: 'EMAIL' },
      });
    expect((await share(me())).statusCode).toBe(204);
    expect((await share(demoUser(OTHER).id, await authHeaders(adapters, OTHER))).statusCode).toBe(404);
    const events = await adapters.db
      .selectFrom('statistics_events')
      .select(['user_id', 'subject'])
      .where('kind', '=', 'LIVE_SHARED')
      .execute();
    expect(events).toEqual([{ user_id: me(), subject: room.id_live_video }]);
  });

  it('e-mails the link with a calendar invitation at the UTC appointment', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/videos/live/rooms/${room.id_live_video}/email`,
      headers,
      payload: { to: 'customer@example.com', subject: 'Our meeting', body: `Join here:<br>${room.link}` },
    });
    expect(res.statusCode).toBe(204);
    const sent = await adapters.db
      .selectFrom('notifications_outbox')
      .select(['recipient', 'body_text', 'body_html'])
      .execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'customer@example.com' });
    expect(sent[0]!.body_text).toContain(room.link);
    expect(sent[0]!.body_text).toContain('invitation.ics');
  });

  it('states the meeting’s date and time in the e-mail’s text, in its language and the meeting’s time zone', async () => {
    await adapters.db.deleteFrom('notifications_outbox').execute();
    const send = (extra: object) =>
      app.inject({
        method: 'POST',
        url: `/api/videos/live/rooms/${room.id_live_video}/email`,
        headers,
        payload: { to: 'kunde@example.com', subject: 'Termin', body: room.link, ...extra },
      });
    expect((await send({ language: 'de', timeZone: 'Europe/Berlin' })).statusCode).toBe(204);
    const when = meetingWhen(room.appointment_date, 'de', 'Europe/Berlin');
    expect(when).toMatch(/ um \d\d:\d\d \S/);
    const sent = await adapters.db.selectFrom('notifications_outbox').select(['body_text', 'body_html']).execute();
    expect(sent[0]!.body_text.split('\n').slice(0, 2)).toEqual([room.session_name, when]);
    expect(sent[0]!.body_html).toContain(when);
    const wrong = await send({ timeZone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toMatchObject({ field: 'timeZone' });
  });

  it('creates a room about a vehicle with a 360 shooting, with its player for the spin', async () => {
    const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris', type: 'STANDARD' });
    const registration = (
      await adapters.db
        .selectFrom('shootings')
        .select('registration')
        .where('id', '=', shootingId)
        .executeTakeFirstOrThrow()
    ).registration;
    const create = (reg: string) =>
      app.inject({
        method: 'POST',
        url: '/api/videos/live/rooms',
        headers,
        payload: {
          session_name: 'Spin',
          user_id: me(),
          appointment_date: '2026-11-26 15:00:00',
          owner_id: 'own-demo-paris',
          registration: reg,
        },
      });
    expect((await create('ZZ-999-ZZ')).statusCode).toBe(400);
    const made = await create(registration.toLowerCase());
    expect(made.statusCode).toBe(201);
    const info = await app.inject({
      method: 'GET',
      url: `/api/videos/live/rooms/${made.json<LiveRoom>().id_live_video}`,
      query: { code: made.json<LiveRoom>().meeting_code },
    });
    expect(info.json<LiveRoomInfo>().vehicle).toEqual({ registration, playerRef: expect.any(String) });
  });
});
