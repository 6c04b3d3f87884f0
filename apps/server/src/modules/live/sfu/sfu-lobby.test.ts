import type { SfuClientData, ServerMessage } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import type { MediaRelay } from './sfu-relay';
import { createInProcessBus } from '../signalling/signal-bus';
import { openSignalSession } from '../signalling/signalling.service';
import { roomClaims } from '../signalling/signalling.fixtures';

/** The SFU relay as a signalling session drives it: what it was asked, in order. */
function recordingRelay() {
  const calls: string[] = [];
  const relay: MediaRelay = {
    open: async (_room, self, _send, takeover, options) =>
      void calls.push(`open ${self.id}${takeover ? ' takeover' : ''}${options?.waiting ? ' waiting' : ''}`),
    holds: () => true,
    admit: async (_room, id) => void calls.push(`admit ${id}`),
    receive: async (_room, id, data: SfuClientData) => void calls.push(`${data.op} ${id}`),
    detach: () => undefined,
    close: async (_room, id) => void calls.push(`close ${id}`),
    evict: async () => undefined,
  };
  return { relay, calls };
}

describe('the lobby of an SFU call', () => {
  it('opens a waiting member’s SFU connections in the lobby, lets it negotiate them, and admits them at its join', async () => {
    const bus = createInProcessBus();
    const { relay, calls } = recordingRelay();
    const hostGot: ServerMessage[] = [];
    await openSignalSession(bus, roomClaims('host-participant'), (m) => hostGot.push(m), { media: relay });
    const got: ServerMessage[] = [];
    const guest = await openSignalSession(bus, roomClaims('guest-participant'), (m) => got.push(m), {
      media: relay,
      waiting: true,
    });
    expect(calls).toEqual(['open host-participant', 'admit host-participant', 'open guest-participant waiting']);

    // Its publication and subscriptions are negotiated while it waits; the others are not told of it.
    await guest.receive(
      JSON.stringify({ type: 'sfu', data: { op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'v=0' } } }),
    );
    await guest.receive(
      JSON.stringify({ type: 'sfu', data: { op: 'answer', pc: 's1', jsep: { type: 'answer', sdp: 'v=0' } } }),
    );
    expect(got.filter((m) => m.type === 'error')).toEqual([]);
    expect(calls.slice(3)).toEqual(['publish guest-participant', 'answer guest-participant']);
    expect(hostGot.map((m) => m.type)).toEqual(['welcome', 'waiting']);

    // The click: its media are let go before the others learn of it.
    await guest.receive(JSON.stringify({ type: 'join' }));
    expect(calls.slice(5)).toEqual(['open guest-participant', 'admit guest-participant']);
    expect(hostGot.map((m) => m.type)).toEqual(['welcome', 'waiting', 'joined']);
    expect(got.map((m) => m.type)).toContain('entered');
  });
});
