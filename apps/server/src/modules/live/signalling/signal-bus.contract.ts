import type { ServerMessage } from '@forecourt/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment, JoinResult, SignalBus } from './signal-bus';

/** Two API processes' view of one bus: the same object for the in-process driver, two for a shared one. */
export interface BusPair {
  a: SignalBus;
  b: SignalBus;
  /** Resolves once `count` messages are kept for the member away (at once in one process; written by a notification's handler across processes). */
  kept(room: string, id: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/** A socket as the bus sees it: what it received, in order, and whether a later socket replaced it. */
function socket(session = `s-${Math.random().toString(36).slice(2)}`) {
  const got: ServerMessage[] = [];
  const state = { replaced: false, elsewhere: false };
  const attachment: Attachment = {
    session,
    deliver: (m) => got.push(m),
    replaced: (elsewhere) => {
      state.replaced = true;
      state.elsewhere = elsewhere;
    },
  };
  return { attachment, got, state, session };
}

const who = (id: string, host = false) => ({ id, identity: `name of ${id}`, host });
const offer = (pc: string, sdp = 'v=0') => ({
  type: 'signal' as const,
  from: 'participant-a',
  data: { pc, description: { type: 'offer' as const, sdp } },
});
/** Waits for a delivery: immediate in one process, a NOTIFY away across processes. */
/** What a join answers in a room nobody is in: first come, or after the last member left. */
const EMPTY_ROOM: JoinResult = {
  members: [],
  lobby: [],
  spin: null,
  resumed: false,
  missed: [],
  waiting: false,
  wasWaiting: false,
};
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 10 });

/**
 * What every SignalBus driver must do, run against each (signal-bus.test.ts): the signalling service and
 * the browsers rely on exactly this, whichever process holds whose socket.
 */
export function signalBusContract(driver: string, open: () => Promise<BusPair>): void {
  describe(`the ${driver} signal bus`, () => {
    let pair: BusPair;
    let room: string;
    // One pair for the suite (a database each is slow to make); every test has rooms of its own.
    beforeAll(async () => {
      pair = await open();
    });
    afterAll(async () => pair?.close());
    beforeEach(() => {
      room = `room-${Math.random().toString(36).slice(2)}`;
    });

    it('tells a joiner who is there (with media state and spin) through any process, and relays messages to one member or the room only', async () => {
      const { a, b } = pair;
      const alice = socket();
      const first = await a.join(room, who('participant-a', true), alice.attachment);
      expect(first).toEqual(EMPTY_ROOM);
      await a.setMedia(room, 'participant-a', { audio: false, video: true, screen: false });
      await a.setSpin(room, { frame: 7 });

      const bob = socket();
      const second = await b.join(room, who('participant-b'), bob.attachment);
      expect(second).toEqual({
        ...EMPTY_ROOM,
        members: [{ ...who('participant-a', true), media: { audio: false, video: true, screen: false } }],
        spin: { frame: 7 },
      });
      const elsewhere = socket();
      await a.join(`${room}-other`, who('participant-c'), elsewhere.attachment);

      expect(await a.sendTo(room, 'participant-b', offer('pc-1'))).toBe(true);
      expect(await b.sendTo(room, 'participant-a', offer('pc-2'))).toBe(true);
      await b.broadcast(room, { type: 'joined', participant: who('participant-b') }, 'participant-b');
      await eventually(() => expect(bob.got).toEqual([offer('pc-1')]));
      await eventually(() =>
        expect(alice.got).toEqual([offer('pc-2'), { type: 'joined', participant: who('participant-b') }]),
      );
      // Nobody of another room, and no unknown member, is reached.
      expect(await a.sendTo(room, 'participant-c', offer('pc-3'))).toBe(false);
      expect(await a.sendTo(`${room}-other`, 'participant-b', offer('pc-4'))).toBe(false);
      await a.broadcast(`${room}-other`, { type: 'spin', spin: null });
      await eventually(() => expect(elsewhere.got).toEqual([{ type: 'spin', spin: null }]));
      expect(alice.got).toHaveLength(2);
      expect(bob.got).toHaveLength(1);
    });

    it('relays a message larger than a NOTIFY payload (an SDP offer of many tracks) whole', async () => {
      const { a, b } = pair;
      const bob = socket();
      await a.join(room, who('participant-a'), socket().attachment);
      await b.join(room, who('participant-b'), bob.attachment);
      const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 10.77.0.2 40000 typ host generation 0\r\n'.repeat(400)}`;
      expect(sdp.length).toBeGreaterThan(20_000);
      await a.sendTo(room, 'participant-b', offer('pc-big', sdp));
      await eventually(() => expect(bob.got).toEqual([offer('pc-big', sdp)]));
    });

    it('keeps what is sent to a member whose socket is away, and gives it, in order, to its socket back through the other process', async () => {
      const { a, b } = pair;
      const alice = socket();
      const bob = socket();
      await a.join(room, who('participant-a'), alice.attachment);
      await a.join(room, who('participant-b'), bob.attachment);
      expect(await a.detach(room, 'participant-b', 'not-its-socket')).toBe(false);
      expect(await a.detach(room, 'participant-b', bob.session)).toBe(true);

      await b.sendTo(room, 'participant-b', offer('pc-1'));
      await b.broadcast(
        room,
        { type: 'media', from: 'participant-a', state: { audio: true, video: false, screen: false } },
        'participant-a',
      );
      await a.sendTo(room, 'participant-b', offer('pc-2'));
      // A message for a member away is still for a member.
      expect(await b.sendTo(room, 'participant-b', offer('pc-3'))).toBe(true);

      await pair.kept(room, 'participant-b', 4);
      const back = socket();
      const rejoin = await b.join(room, who('participant-b'), back.attachment);
      expect(rejoin.resumed).toBe(true);
      expect(rejoin.members.map((m) => m.id)).toEqual(['participant-a']);
      expect(rejoin.missed).toEqual([
        offer('pc-1'),
        { type: 'media', from: 'participant-a', state: { audio: true, video: false, screen: false } },
        offer('pc-2'),
        offer('pc-3'),
      ]);
      expect(bob.got).toEqual([]);
      await eventually(() => expect(bob.state.replaced).toBe(true));

      // The old socket is no member any more: its leave does nothing, the new one's does.
      expect(await a.leave(room, 'participant-b', bob.session)).toBe(false);
      await a.sendTo(room, 'participant-b', offer('pc-4'));
      await eventually(() => expect(back.got).toEqual([offer('pc-4')]));
      expect(await b.leave(room, 'participant-b', back.session)).toBe(true);
      expect(await a.sendTo(room, 'participant-b', offer('pc-5'))).toBe(false);
      expect((await a.join(room, who('participant-b'), socket().attachment)).resumed).toBe(false);
      expect(alice.got).toEqual([]);
    });

    it('hands a member over to its second socket while the first is still open: the first is replaced and receives nothing more', async () => {
      const { a, b } = pair;
      await a.join(room, who('participant-a'), socket().attachment);
      const first = socket();
      await a.join(room, who('participant-b'), first.attachment);
      const second = socket();
      expect((await b.join(room, who('participant-b'), second.attachment)).resumed).toBe(true);
      await eventually(() => expect(first.state.replaced).toBe(true));
      // Taken over through another process: the first one lets go of what it holds for the member (its SFU media).
      expect(first.state.elsewhere).toBe(pair.a !== pair.b);
      await a.sendTo(room, 'participant-b', offer('pc-1'));
      await eventually(() => expect(second.got).toEqual([offer('pc-1')]));
      expect(first.got).toEqual([]);
      expect(await a.detach(room, 'participant-b', first.session)).toBe(false);
    });

    it('keeps a waiting member of the lobby out of every list and of the messages for participants, through any process, until it is admitted', async () => {
      const { a, b } = pair;
      const alice = socket();
      await a.join(room, who('participant-a', true), alice.attachment);
      const wanda = socket();
      const waited = await b.join(room, who('participant-w'), wanda.attachment, true);
      expect(waited).toMatchObject({
        members: [{ id: 'participant-a' }],
        lobby: [],
        waiting: true,
        wasWaiting: false,
        resumed: false,
      });
      // Listed to nobody: a participant joining sees the call without it, and learns it waits.
      const bob = socket();
      const second = await a.join(room, who('participant-b'), bob.attachment);
      expect(second.members.map((m) => m.id)).toEqual(['participant-a']);
      expect(second.lobby).toEqual([who('participant-w')]);
      expect(second.waiting).toBe(false);

      // Messages for the participants pass it by; those for everyone (joins, leaves) reach it.
      await a.broadcast(room, { type: 'waiting', participant: who('participant-x') }, 'participant-a', 'participants');
      await a.broadcast(room, { type: 'joined', participant: who('participant-b') }, 'participant-b');
      await eventually(() => expect(wanda.got).toEqual([{ type: 'joined', participant: who('participant-b') }]));
      await eventually(() => expect(bob.got).toEqual([{ type: 'waiting', participant: who('participant-x') }]));
      await eventually(() => expect(alice.got).toEqual([{ type: 'joined', participant: who('participant-b') }]));
      // Signals reach it from a participant; to the participants only, it is no one.
      expect(await a.sendTo(room, 'participant-w', offer('pc-1'))).toBe(true);
      expect(await a.sendTo(room, 'participant-w', offer('pc-2'), 'participants')).toBe(false);
      await eventually(() => expect(wanda.got.at(-1)).toEqual(offer('pc-1')));

      // A rejoin from the lobby stays in it; a waiting member asking for nothing more than a rejoin is admitted by `admit` only.
      const back = socket();
      expect(await a.join(room, who('participant-w'), back.attachment, true)).toMatchObject({
        resumed: true,
        waiting: true,
        wasWaiting: true,
      });
      expect(await b.admit(room, 'participant-w', wanda.session)).toBeNull();
      expect(await a.admit(room, 'participant-a', alice.session)).toBeNull();
      const carol = socket();
      await b.join(room, who('participant-c'), carol.attachment, true);
      expect(await a.admit(room, 'participant-w', back.session)).toEqual({
        lobby: [who('participant-c')],
        participants: 2,
      });
      expect(await a.admit(room, 'participant-w', back.session)).toBeNull();
      expect(await b.sendTo(room, 'participant-w', offer('pc-3'), 'participants')).toBe(true);
      const third = await b.join(room, who('participant-d'), socket().attachment);
      expect(third.members.map((m) => m.id).sort()).toEqual(['participant-a', 'participant-b', 'participant-w']);
      expect(third.lobby).toEqual([who('participant-c')]);
      // A participant asking for the lobby on a rejoin stays a participant.
      expect(await b.join(room, who('participant-b'), socket().attachment, true)).toMatchObject({
        resumed: true,
        waiting: false,
        wasWaiting: false,
      });
    });

    it('counts the members of a room on every process, waiting ones included, but the one coming back', async () => {
      const { a, b } = pair;
      expect(await a.headcount(room)).toBe(0);
      const alice = socket();
      await a.join(room, who('participant-a'), alice.attachment);
      await b.join(room, who('participant-b'), socket().attachment, true);
      expect(await a.headcount(room)).toBe(2);
      expect(await b.headcount(room, 'participant-a')).toBe(1);
      expect(await b.headcount(`${room}-other`)).toBe(0);
      await a.leave(room, 'participant-a', alice.session);
      expect(await b.headcount(room)).toBe(1);
    });

    it('forgets a room once its last member leaves: its spin goes with it', async () => {
      const { a, b } = pair;
      const alice = socket();
      await a.join(room, who('participant-a', true), alice.attachment);
      await a.setSpin(room, { frame: 3 });
      // Who is in the room, seen from any process (the SFU keeps the Janus room while anyone is).
      expect(await b.occupied(room)).toBe(true);
      expect(await a.leave(room, 'participant-a', alice.session)).toBe(true);
      expect(await b.occupied(room)).toBe(false);
      expect(await b.join(room, who('participant-b'), socket().attachment)).toEqual(EMPTY_ROOM);
    });
  });
}
