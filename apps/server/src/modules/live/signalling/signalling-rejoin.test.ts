import type { ServerMessage } from '@forecourt/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaRelay } from '../sfu/sfu-relay';
import { createInProcessBus, MAX_MISSED_MESSAGES, type SignalBus } from './signal-bus';
import { LEAVE_GRACE_MS, openSignalSession } from './signalling.service';
import { roomClaims } from './signalling.fixtures';

const signal = (to: string, pc = 'pc-1') =>
  JSON.stringify({ type: 'signal', to, data: { pc, description: { type: 'offer', sdp: 'v=0' } } });

/** A participant's socket as the session sees it: what it was sent, in order. */
async function connect(bus: ReturnType<typeof createInProcessBus>, participant: string, onReplaced?: () => void) {
  const got: ServerMessage[] = [];
  const held: string[] = [];
  const session = await openSignalSession(bus, roomClaims(participant), (m) => got.push(m), {
    onReplaced,
    onMeeting: async (room) => void held.push(room),
  });
  return { got, held, session };
}

describe('a participant whose signalling socket drops', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rejoins within the grace as the same participant: the others see no leave and no join, and it gets what it missed after its welcome', async () => {
    const bus = createInProcessBus();
    const host = await connect(bus, 'host-participant');
    const guest = await connect(bus, 'guest-participant');
    expect(host.got.map((m) => m.type)).toEqual(['welcome', 'joined']);

    await guest.session.close('dropped');
    await host.session.receive(signal('guest-participant'));
    await host.session.receive(JSON.stringify({ type: 'media', state: { audio: false, video: true, screen: false } }));
    expect(host.got.filter((m) => m.type === 'error')).toEqual([]);

    const back = await connect(bus, 'guest-participant');
    expect(back.got[0]).toMatchObject({
      type: 'welcome',
      resumed: true,
      self: { id: 'guest-participant' },
      participants: [{ id: 'host-participant' }],
    });
    expect(back.got.slice(1)).toEqual([
      { type: 'signal', from: 'host-participant', data: { pc: 'pc-1', description: { type: 'offer', sdp: 'v=0' } } },
      { type: 'media', from: 'host-participant', state: { audio: false, video: true, screen: false } },
    ]);
    // The meeting was counted once, when the guest first joined.
    expect([...guest.held, ...back.held]).toEqual(['room-1']);

    // The dropped socket's grace ends: the rejoined participant stays.
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 1);
    expect(host.got.map((m) => m.type)).toEqual(['welcome', 'joined']);
    expect(bus.size()).toBe(2);
    await host.session.receive(signal('guest-participant', 'pc-2'));
    expect(back.got.at(-1)).toMatchObject({ type: 'signal', data: { pc: 'pc-2' } });

    // Hanging up leaves at once.
    await back.session.close('left');
    expect(host.got.at(-1)).toEqual({ type: 'left', id: 'guest-participant' });
    expect(bus.size()).toBe(1);
  });

  it('leaves for the others when the grace ends without a rejoin, and a rejoin after that is a new arrival', async () => {
    const bus = createInProcessBus();
    const host = await connect(bus, 'host-participant');
    const guest = await connect(bus, 'guest-participant');
    await guest.session.close('dropped');
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 100);
    expect(host.got.map((m) => m.type)).toEqual(['welcome', 'joined']);
    await vi.advanceTimersByTimeAsync(200);
    expect(host.got.at(-1)).toEqual({ type: 'left', id: 'guest-participant' });

    const late = await connect(bus, 'guest-participant');
    expect(late.got[0]).toMatchObject({ type: 'welcome', resumed: false });
    expect(host.got.at(-1)).toMatchObject({ type: 'joined', participant: { id: 'guest-participant' } });
  });

  it('hands over to a second socket of the same participant while the first is still open, which then ends without a leave', async () => {
    const bus = createInProcessBus();
    const host = await connect(bus, 'host-participant');
    const replaced = vi.fn();
    const first = await connect(bus, 'guest-participant', replaced);
    const second = await connect(bus, 'guest-participant');
    expect(replaced).toHaveBeenCalledOnce();
    expect(second.got[0]).toMatchObject({ type: 'welcome', resumed: true });

    // The old socket is inert: what it sends goes nowhere, and its close is no leave.
    await first.session.receive(signal('host-participant'));
    expect(host.got.filter((m) => m.type === 'signal')).toEqual([]);
    await first.session.close('left');
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 1);
    expect(host.got.map((m) => m.type)).toEqual(['welcome', 'joined']);
    await host.session.receive(signal('guest-participant'));
    expect(second.got.at(-1)).toMatchObject({ type: 'signal', from: 'host-participant' });
    expect(first.got.filter((m) => m.type === 'signal')).toEqual([]);
  });

  it('keeps only the newest messages for a socket away for long', async () => {
    const bus = createInProcessBus();
    const host = await connect(bus, 'host-participant');
    const guest = await connect(bus, 'guest-participant');
    await guest.session.close('dropped');
    for (let i = 0; i < MAX_MISSED_MESSAGES + 10; i++)
      await host.session.receive(signal('guest-participant', `pc-${i}`));
    const back = await connect(bus, 'guest-participant');
    const missed = back.got.slice(1);
    expect(missed).toHaveLength(MAX_MISSED_MESSAGES);
    expect(missed[0]).toMatchObject({ data: { pc: 'pc-10' } });
  });
});

/** A process's SFU relay as the session sees it: what it was asked, and the participants it holds. */
function fakeRelay() {
  const held = new Set<string>();
  const calls: string[] = [];
  const relay: MediaRelay = {
    open: async (_room, self, _send, takeover) => {
      calls.push(`open ${self.id}${takeover ? ' takeover' : ''}`);
      held.add(self.id);
    },
    holds: (_room, id) => held.has(id),
    // Releases a lobby's held-back media: nothing for these participants, who never waited.
    admit: async () => undefined,
    receive: async () => undefined,
    detach: (_room, id) => void calls.push(`detach ${id}`),
    close: async (_room, id) => {
      calls.push(`close ${id}`);
      held.delete(id);
    },
    evict: async () => undefined,
  };
  return { relay, calls };
}

describe('a participant of an SFU call whose socket comes back through another API process', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is told to publish again (the others see no leave), its old publications are taken over, and the first process lets go of its media', async () => {
    const inner = createInProcessBus();
    // As a bus shared by two processes reports it: a member taken over is let go by the first process entirely.
    const bus: SignalBus = {
      ...inner,
      join: (room, member, attachment) =>
        inner.join(room, member, { ...attachment, replaced: () => attachment.replaced?.(true) }),
    };
    const first = fakeRelay();
    const second = fakeRelay();
    const hostGot: ServerMessage[] = [];
    await openSignalSession(bus, roomClaims('host-participant'), (m) => hostGot.push(m), { media: first.relay });
    const guest = await openSignalSession(bus, roomClaims('guest-participant'), () => undefined, {
      media: first.relay,
    });
    await guest.close('dropped');
    expect(first.calls).toEqual(['open host-participant', 'open guest-participant', 'detach guest-participant']);

    const got: ServerMessage[] = [];
    await openSignalSession(bus, roomClaims('guest-participant'), (m) => got.push(m), { media: second.relay });
    expect(got[0]).toMatchObject({ type: 'welcome', resumed: false, participants: [{ id: 'host-participant' }] });
    expect(second.calls).toEqual(['open guest-participant takeover']);
    expect(first.calls.at(-1)).toBe('close guest-participant');
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 1);
    expect(hostGot.map((m) => m.type)).toEqual(['welcome', 'joined']);
  });

  it('comes back through the process that holds its media: resumed, nothing published again', async () => {
    const bus = createInProcessBus();
    const { relay, calls } = fakeRelay();
    await openSignalSession(bus, roomClaims('host-participant'), () => undefined, { media: relay });
    const guest = await openSignalSession(bus, roomClaims('guest-participant'), () => undefined, { media: relay });
    await guest.close('dropped');
    const got: ServerMessage[] = [];
    await openSignalSession(bus, roomClaims('guest-participant'), (m) => got.push(m), { media: relay });
    expect(got[0]).toMatchObject({ type: 'welcome', resumed: true });
    expect(calls).toEqual([
      'open host-participant',
      'open guest-participant',
      'detach guest-participant',
      'open guest-participant',
    ]);
  });
});
