import { describe, expect, it } from 'vitest';
import { createSfuRooms } from './sfu-rooms';
import { FakeJanus } from './sfu.fixtures';

describe('createSfuRooms', () => {
  it('makes the Janus room once with its own secret and PIN and talking events, and destroys it after the last leaves', async () => {
    const janus = new FakeJanus();
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined);
    const [a, b] = await Promise.all([rooms.enter('room-1'), rooms.enter('room-1')]);
    expect(a).toEqual(b);
    expect(a.pin).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const created = janus.callsOf('create') as Record<string, unknown>[];
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      room: a.janusRoom,
      description: 'forecourt:room-1',
      pin: a.pin,
      admin_key: 'admin-key',
      videocodec: 'vp8',
      talking_events: true,
      permanent: false,
    });
    expect(created[0]!.secret).not.toBe(a.pin);
    // Another server secret, other credentials; another room, another Janus room.
    expect((await createSfuRooms(new FakeJanus(), 'other-secret', () => undefined).enter('room-1')).pin).not.toBe(
      a.pin,
    );
    expect((await rooms.enter('room-2')).janusRoom).not.toBe(a.janusRoom);
    await rooms.exit('room-1');
    expect(janus.callsOf('destroy')).toEqual([]);
    await rooms.exit('room-1');
    expect(janus.callsOf('destroy')).toEqual([{ room: a.janusRoom, secret: created[0]!.secret }]);
    expect(janus.handles.every((h) => h.detached)).toBe(true);
  });

  it('keeps a room another process still has participants in, and accepts one another process made', async () => {
    const janus = new FakeJanus();
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined);
    janus.failures.set('create', Object.assign(new Error('exists'), { _code: 427 }));
    const r = await rooms.enter('room-1');
    janus.rooms.set(r.janusRoom, [5]);
    await rooms.exit('room-1');
    expect(janus.callsOf('destroy')).toEqual([]);
    janus.failures.set('create', Object.assign(new Error('Janus is broken'), { _code: 500 }));
    await expect(rooms.enter('room-3')).rejects.toThrow('Janus is broken');
  });

  it('records the room into a folder (its rec_dir, then enable_recording), stops, and makes a room recording from the start while a recording is on', async () => {
    const janus = new FakeJanus();
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined, {
      recordingDir: async (room) => (room === 'room-on' ? '/rec/on' : null),
    });
    const r = await rooms.enter('room-1');
    const secret = (janus.callsOf('create')[0] as { secret: string }).secret;
    expect(await rooms.setRecording('room-1', '/rec/a')).toBe(true);
    expect(janus.callsOf('edit')).toEqual([{ request: 'edit', room: r.janusRoom, secret, new_rec_dir: '/rec/a' }]);
    expect(await rooms.setRecording('room-1', null)).toBe(true);
    expect(janus.callsOf('enable_recording')).toEqual([
      { room: r.janusRoom, secret, record: true },
      { room: r.janusRoom, secret, record: false },
    ]);
    // Nobody in the call (no Janus room): nothing to tell Janus now.
    janus.failures.set('edit', Object.assign(new Error('no such room'), { _code: 426 }));
    expect(await rooms.setRecording('room-2', '/rec/b')).toBe(false);
    janus.failures.set('edit', Object.assign(new Error('Janus is broken'), { _code: 500 }));
    await expect(rooms.setRecording('room-1', '/rec/c')).rejects.toThrow('Janus is broken');
    // The first join of a room being recorded makes it recording.
    await rooms.enter('room-on');
    expect(janus.callsOf('create').at(-1)).toMatchObject({
      description: 'forecourt:room-on',
      record: true,
      rec_dir: '/rec/on',
    });
    expect(janus.callsOf('create')[0]).not.toHaveProperty('record');
  });

  it('sweeps only the empty rooms this deployment left behind', async () => {
    const janus = new FakeJanus();
    janus.listed = [
      { room: 1, description: 'forecourt:old-room', num_participants: 0 },
      { room: 2, description: 'forecourt:busy-room', num_participants: 2 },
      { room: 3, description: 'someone else', num_participants: 0 },
    ];
    expect(await createSfuRooms(janus, 'server-secret', () => undefined).sweep()).toBe(1);
    expect((janus.callsOf('destroy') as { room: number }[]).map((d) => d.room)).toEqual([1]);
  });

  it('keeps the room while the shared membership lists someone (a participant of another process, or one joining), and destroys it after', async () => {
    const janus = new FakeJanus();
    let members = 1;
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined, { occupied: async () => members > 0 });
    const r = await rooms.enter('room-1');
    await rooms.exit('room-1');
    expect(janus.callsOf('destroy')).toEqual([]);
    expect(janus.rooms.has(r.janusRoom)).toBe(true);
    // The other process's participant leaves: its process, holding the room, destroys it.
    members = 0;
    await rooms.enter('room-1');
    await rooms.exit('room-1');
    expect(janus.callsOf('destroy')).toMatchObject([{ room: r.janusRoom }]);
  });

  it("kicks a participant's publications left by another process, and only theirs; a room left empty by a dead process is destroyed", async () => {
    const janus = new FakeJanus();
    let members = 2;
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined, { occupied: async () => members > 0 });
    const r = await rooms.enter('room-1');
    await rooms.exit('room-1');
    janus.rooms.set(r.janusRoom, [1, 2, 3]);
    janus.displays.set(1, 'participant-b:camera').set(2, 'participant-b:screen').set(3, 'participant-c:camera');
    expect(await rooms.evict('room-1', 'participant-b')).toBe(2);
    const secret = (janus.callsOf('create')[0] as { secret: string }).secret;
    expect(janus.callsOf('kick')).toEqual([
      { room: r.janusRoom, feed: 1, secret },
      { room: r.janusRoom, feed: 2, secret },
    ]);
    expect(janus.rooms.get(r.janusRoom)).toEqual([3]);
    expect(await rooms.evict('room-1', 'participant-b')).toBe(0);
    expect(janus.callsOf('destroy')).toEqual([]);
    // The last one's lease runs out too: nobody is left in the bus or in Janus, and no process holds the room.
    members = 0;
    expect(await rooms.evict('room-1', 'participant-c')).toBe(1);
    expect(janus.callsOf('destroy')).toMatchObject([{ room: r.janusRoom }]);
    // A room already gone has nothing to kick.
    expect(await rooms.evict('room-1', 'participant-c')).toBe(0);
  });

  it('makes the room again when it is found gone, and does not sweep a room another process is filling', async () => {
    const janus = new FakeJanus();
    const rooms = createSfuRooms(janus, 'server-secret', () => undefined, {
      occupied: async (roomId) => roomId === 'filling-room',
    });
    await rooms.recreate('room-1');
    expect(janus.callsOf('create')).toMatchObject([{ description: 'forecourt:room-1' }]);
    janus.listed = [
      { room: 1, description: 'forecourt:filling-room', num_participants: 0 },
      { room: 2, description: 'forecourt:old-room', num_participants: 0 },
    ];
    expect(await rooms.sweep()).toBe(1);
    expect((janus.callsOf('destroy') as { room: number }[]).map((d) => d.room)).toEqual([2]);
  });
});
