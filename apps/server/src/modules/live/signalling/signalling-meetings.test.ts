import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './signal-bus';
import { openSignalSession } from './signalling.service';
import { roomClaims } from './signalling.fixtures';

describe('a live meeting for the statistics', () => {
  it('is held when a second participant joins someone in the room, not when one waits alone', async () => {
    const bus = createInProcessBus();
    const held: string[] = [];
    const onMeeting = async (room: string) => {
      held.push(room);
    };
    const host = await openSignalSession(bus, roomClaims('host'), () => undefined, { onMeeting });
    expect(held).toEqual([]);
    const guest = await openSignalSession(bus, roomClaims('guest'), () => undefined, { onMeeting });
    expect(held).toEqual(['room-1']);
    await openSignalSession(bus, roomClaims('alone', 'room-2'), () => undefined, { onMeeting });
    expect(held).toEqual(['room-1']);
    await guest.close('left');
    await host.close('left');
  });
});
