import type { LiveRoomInfo } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { initialRoomState, needsMedia, roomReducer, type RoomEvent, type RoomState } from './room-machine';

const room = { id_live_video: 'r1', session_name: 'Clio' } as LiveRoomInfo;
const run = (events: RoomEvent[], from: RoomState = initialRoomState) => events.reduce(roomReducer, from);

describe('room page state machine', () => {
  it('goes from loading to the preview, the call, its end and back to the call', () => {
    expect(run([{ type: 'loaded', room, browserSupported: true }])).toEqual({ status: 'preview', room, failed: false });
    const live = run([{ type: 'loaded', room, browserSupported: true }, { type: 'join' }, { type: 'joined' }]);
    expect(live).toEqual({ status: 'live', room });
    expect(roomReducer(live, { type: 'hangUp' })).toEqual({ status: 'ended', room, reason: 'hangUp' });
    expect(roomReducer(live, { type: 'disconnected' })).toEqual({ status: 'ended', room, reason: 'disconnected' });
    expect(run([{ type: 'hangUp' }, { type: 'backToCall' }], live)).toEqual({ status: 'joining', room });
  });

  it('shows the information error when the room cannot be loaded, and the alert on an unsupported browser', () => {
    expect(run([{ type: 'loadFailed' }])).toEqual({ status: 'error' });
    expect(run([{ type: 'loaded', room, browserSupported: false }])).toEqual({ status: 'changeBrowser', room });
    // Nothing leaves the alert or the error screen: joining needs a supported browser and a room.
    expect(run([{ type: 'join' }], { status: 'changeBrowser', room })).toEqual({ status: 'changeBrowser', room });
    expect(run([{ type: 'join' }, { type: 'joined' }], { status: 'error' })).toEqual({ status: 'error' });
  });

  it('returns to the preview marked failed when the connection fails', () => {
    const joining = run([{ type: 'loaded', room, browserSupported: true }, { type: 'join' }]);
    expect(roomReducer(joining, { type: 'connectionFailed' })).toEqual({ status: 'preview', room, failed: true });
    expect(run([{ type: 'join' }, { type: 'joined' }], roomReducer(joining, { type: 'connectionFailed' }))).toEqual({
      status: 'live',
      room,
    });
  });

  it('ignores events that do not apply', () => {
    expect(run([{ type: 'joined' }, { type: 'hangUp' }, { type: 'backToCall' }])).toEqual(initialRoomState);
    const preview = run([{ type: 'loaded', room, browserSupported: true }]);
    expect(run([{ type: 'disconnected' }, { type: 'loaded', room, browserSupported: false }], preview)).toBe(preview);
  });

  it('needs the devices in the preview and the call only', () => {
    expect(needsMedia({ status: 'preview', room, failed: false })).toBe(true);
    expect(needsMedia({ status: 'live', room })).toBe(true);
    expect(needsMedia({ status: 'ended', room, reason: 'hangUp' })).toBe(false);
    expect(needsMedia({ status: 'changeBrowser', room })).toBe(false);
  });

  it('shows an ended room closed, without asking for the camera, and closes a room whose join the server refused', () => {
    const over = { ...room, ended: true };
    const closed = run([{ type: 'loaded', room: over, browserSupported: true }]);
    expect(closed).toEqual({ status: 'closed', room: over });
    expect(needsMedia(closed)).toBe(false);
    // A room that ended while the guest looked at the preview: the token is refused at the click.
    expect(run([{ type: 'loaded', room, browserSupported: true }, { type: 'join' }, { type: 'roomEnded' }])).toEqual({
      status: 'closed',
      room,
    });
    // Ended by its host during the call: everyone in it sees it closed, not a dropped call.
    expect(
      run([
        { type: 'loaded', room, browserSupported: true },
        { type: 'join' },
        { type: 'joined' },
        { type: 'roomEnded' },
      ]),
    ).toEqual({ status: 'closed', room });
    // Nothing brings a closed room back to the call.
    expect(run([{ type: 'join' }, { type: 'backToCall' }, { type: 'joined' }], closed)).toBe(closed);
    expect(run([{ type: 'roomEnded' }])).toEqual(initialRoomState);
  });
});
