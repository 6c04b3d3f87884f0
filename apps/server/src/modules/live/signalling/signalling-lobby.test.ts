import type { ServerMessage } from '@forecourt/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessBus } from './signal-bus';
import { LEAVE_GRACE_MS, openSignalSession } from './signalling.service';
import { roomClaims } from './signalling.fixtures';

async function connect(
  bus: ReturnType<typeof createInProcessBus>,
  participant: string,
  waiting = false,
  held: string[] = [],
) {
  const got: ServerMessage[] = [];
  const session = await openSignalSession(bus, roomClaims(participant), (m) => got.push(m), {
    waiting,
    onMeeting: async (room) => void held.push(room),
  });
  return { got, session, held };
}

const types = (got: ServerMessage[]) => got.map((m) => m.type);

describe('the lobby of a live room', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a waiting member through a dropped socket in the lobby, and a join made while it was away announces it on its return', async () => {
    const bus = createInProcessBus();
    const held: string[] = [];
    const host = await connect(bus, 'host-participant', false, held);
    const guest = await connect(bus, 'guest-participant', true, held);
    expect(types(host.got)).toEqual(['welcome', 'waiting']);
    expect(held).toEqual([]);

    await guest.session.close('dropped');
    const back = await connect(bus, 'guest-participant', true, held);
    expect(back.got[0]).toMatchObject({ type: 'welcome', resumed: true, waiting: true });
    // Nothing told twice, nothing counted.
    expect(types(host.got)).toEqual(['welcome', 'waiting']);
    await back.session.close('dropped');

    // The click while the socket was away: the page comes back as a participant, and is announced then.
    const joined = await connect(bus, 'guest-participant', false, held);
    expect(joined.got[0]).toMatchObject({ type: 'welcome', resumed: true, waiting: false });
    expect(host.got.at(-1)).toEqual({
      type: 'joined',
      participant: { id: 'guest-participant', identity: 'guest-participant', host: false },
    });
    expect(held).toEqual(['room-1']);
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 1);
    expect(types(host.got)).toEqual(['welcome', 'waiting', 'joined']);
    // Its second join changes nothing.
    await joined.session.receive(JSON.stringify({ type: 'join' }));
    expect(types(host.got)).toEqual(['welcome', 'waiting', 'joined']);
    expect(held).toEqual(['room-1']);
  });

  it('counts the meeting when a waiting member joins someone, not while it waits; a lobby left alone is no meeting', async () => {
    const bus = createInProcessBus();
    const held: string[] = [];
    const host = await connect(bus, 'host-participant', true, held);
    // Alone in the lobby, it is told nobody is in, and joins an empty call.
    expect(host.got[0]).toMatchObject({ type: 'welcome', participants: [], waiting: true });
    await host.session.receive(JSON.stringify({ type: 'join' }));
    expect(types(host.got)).toEqual(['welcome', 'entered']);
    expect(held).toEqual([]);
    const guest = await connect(bus, 'guest-participant', true, held);
    expect(held).toEqual([]);
    await guest.session.receive(JSON.stringify({ type: 'join' }));
    expect(held).toEqual(['room-1']);
    // A waiting member that hangs up in the preview leaves at once, to the participants only.
    const third = await connect(bus, 'third-participant', true, held);
    await third.session.close('left');
    expect(host.got.slice(-2)).toEqual([
      { type: 'waiting', participant: { id: 'third-participant', identity: 'third-participant', host: false } },
      { type: 'left', id: 'third-participant' },
    ]);
    expect(bus.size()).toBe(2);
  });
});
