import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './signal-bus';
import { openSignalSession } from './signalling.service';

const claims = (participant: string, room = 'room-1') => ({
  room,
  identity: participant,
  participant,
  host: participant === 'host',
  exp: 0,
});

describe('a live meeting for the statistics', () => {
  it('is held when a second participant joins someone in the room, not when one waits alone', async () => {
    const bus = createInProcessBus();
    const held: string[] = [];
    const onMeeting = async (room: string) => {
      held.push(room);
    };
    const host = await openSignalSession(bus, claims('host'), () => undefined, { onMeeting });
    expect(held).toEqual([]);
    const guest = await openSignalSession(bus, claims('guest'), () => undefined, { onMeeting });
    expect(held).toEqual(['room-1']);
    await openSignalSession(bus, claims('alone', 'room-2'), () => undefined, { onMeeting });
    expect(held).toEqual(['room-1']);
    await guest.close('left');
    await host.close('left');
  });
});
