import type { SfuServerData } from '@forecourt/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createSfuRelay } from './sfu-relay';
import { createSfuRooms } from './sfu-rooms';
import { FakeJanus } from './sfu.fixtures';

const BOB = { id: 'participant-b', identity: 'Bob', host: false };

function relayOn(janus: FakeJanus, occupied = async () => true) {
  const errors: unknown[] = [];
  const rooms = createSfuRooms(janus, 'server-secret', (err) => errors.push(err), { occupied });
  return { relay: createSfuRelay(janus, rooms, (err) => errors.push(err)), errors };
}

describe('the SFU relay of one API process', () => {
  it('takes over a participant another process held: its old publications are kicked before it joins again, and a rejoin here keeps its media', async () => {
    const janus = new FakeJanus();
    const { relay } = relayOn(janus);
    // Another process made the room and published Bob's camera and screen; Carol's camera stays.
    const other = relayOn(janus).relay;
    await other.open('room-1', { id: 'participant-c', identity: 'Carol', host: false }, () => undefined);
    const janusRoom = (janus.callsOf('create')[0] as { room: number }).room;
    janus.rooms.set(janusRoom, [11, 12, 13]);
    janus.displays.set(11, 'participant-b:camera').set(12, 'participant-b:screen').set(13, 'participant-c:camera');

    expect(relay.holds('room-1', BOB.id)).toBe(false);
    const sent: SfuServerData[] = [];
    await relay.open('room-1', BOB, (d) => sent.push(d), true);
    expect((janus.callsOf('kick') as { feed: number }[]).map((k) => k.feed)).toEqual([11, 12]);
    const order = janus.handles
      .flatMap((h) => h.calls.map((c) => c.method))
      .filter((m) => m === 'kick' || m === 'joinPublisher');
    expect(order).toEqual(['joinPublisher', 'kick', 'kick', 'joinPublisher']);
    expect(relay.holds('room-1', BOB.id)).toBe(true);

    // Its socket drops and comes back through this process: the same handles, nothing kicked or joined again.
    relay.detach('room-1', BOB.id);
    await relay.open('room-1', BOB, (d) => sent.push(d), false);
    expect(janus.callsOf('kick')).toHaveLength(2);
    expect(janus.callsOf('joinPublisher')).toHaveLength(2);

    await relay.close('room-1', BOB.id);
    expect(relay.holds('room-1', BOB.id)).toBe(false);
    // Evicting a participant this process holds is its own business (close); one it does not hold is kicked.
    await relay.evict('room-1', 'participant-c');
    expect((janus.callsOf('kick') as { feed: number }[]).map((k) => k.feed)).toEqual([11, 12, 13]);
  });

  it('joins again a room another process destroyed between its enter and its join', async () => {
    const janus = new FakeJanus();
    const { relay, errors } = relayOn(janus);
    janus.joinFailures.push(Object.assign(new Error('No such room'), { _code: 426 }));
    await relay.open('room-1', BOB, () => undefined);
    expect(janus.callsOf('create')).toHaveLength(2);
    expect(janus.callsOf('joinPublisher')).toHaveLength(2);
    expect(relay.holds('room-1', BOB.id)).toBe(true);
    expect(errors).toEqual([]);

    // Any other refusal fails the open and leaves nothing held.
    janus.joinFailures.push(Object.assign(new Error('Janus is broken'), { _code: 500 }));
    await expect(relay.open('room-2', BOB, () => undefined)).rejects.toThrow('Janus is broken');
    expect(relay.holds('room-2', BOB.id)).toBe(false);
  });

  it('starts afresh when the browser lost its connections: the old handles go, new ones join and offer the others again', async () => {
    const janus = new FakeJanus();
    janus.publishers = [{ feed: 7, display: 'participant-c:camera' }];
    const { relay } = relayOn(janus);
    const sent: SfuServerData[] = [];
    await relay.open('room-1', BOB, (d) => sent.push(d));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const before = [...janus.handles];
    await relay.receive('room-1', BOB.id, { op: 'reset' });
    expect(before.every((h) => h.detached)).toBe(true);
    expect(janus.callsOf('joinPublisher')).toHaveLength(2);
    await vi.waitFor(() => expect(sent.filter((d) => d.op === 'offer')).toHaveLength(2));
    expect(relay.holds('room-1', BOB.id)).toBe(true);
    // The new camera handle takes the publication.
    await relay.receive('room-1', BOB.id, { op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam' } });
    expect(sent.at(-1)).toEqual({ op: 'answer', pc: 'camera', jsep: { type: 'answer', sdp: 'answer to cam' } });
    expect(
      janus.handles.filter((h) => h.calls.some((c) => c.method === 'publish')).every((h) => !before.includes(h)),
    ).toBe(true);
  });

  it('opens a waiting member in the lobby and admits it at its join, a reset meanwhile keeping it waiting', async () => {
    const janus = new FakeJanus();
    const { relay } = relayOn(janus);
    await relay.open('room-1', BOB, () => undefined, false, { waiting: true });
    expect(janus.callsOf('joinPublisher')).toMatchObject([{ display: 'participant-b:lobby' }]);
    await relay.receive('room-1', BOB.id, { op: 'reset' });
    expect(janus.callsOf('joinPublisher')).toMatchObject([
      { display: 'participant-b:lobby' },
      { display: 'participant-b:lobby' },
    ]);
    await relay.receive('room-1', BOB.id, { op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam' } });
    await relay.admit('room-1', BOB.id);
    expect(janus.callsOf('configure').at(-1)).toEqual({ display: 'participant-b:camera' });
    // Someone this process does not hold: nothing to do.
    await relay.admit('room-1', 'participant-z');
  });
});
