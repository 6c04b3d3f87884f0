import type { LiveRoomInfo } from '@forecourt/contracts';

/**
 * The live room page (spec section 4): loading, then the information error, the change-browser alert,
 * the preview, the call and its end; and the room closed for good (it had ended before this page came in, or
 * ended while it was joining). One union, so that an impossible state cannot be represented.
 */
export type RoomState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'changeBrowser'; room: LiveRoomInfo }
  | { status: 'preview'; room: LiveRoomInfo; failed: boolean }
  | { status: 'joining'; room: LiveRoomInfo }
  | { status: 'live'; room: LiveRoomInfo }
  | { status: 'ended'; room: LiveRoomInfo; reason: 'hangUp' | 'disconnected' }
  | { status: 'closed'; room: LiveRoomInfo };

export type RoomEvent =
  | { type: 'loaded'; room: LiveRoomInfo; browserSupported: boolean }
  | { type: 'loadFailed' }
  | { type: 'join' }
  | { type: 'joined' }
  | { type: 'connectionFailed' }
  /** The room has ended: the token or the socket was refused, or the call was closed for everyone (ROOM_ENDED). */
  | { type: 'roomEnded' }
  | { type: 'hangUp' }
  | { type: 'disconnected' }
  | { type: 'backToCall' };

export const initialRoomState: RoomState = { status: 'loading' };

/** Every transition of the room page; an event that does not apply to the state changes nothing. */
export function roomReducer(state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'loaded':
      if (state.status !== 'loading') return state;
      if (event.room.ended) return { status: 'closed', room: event.room };
      return event.browserSupported
        ? { status: 'preview', room: event.room, failed: false }
        : { status: 'changeBrowser', room: event.room };
    case 'loadFailed':
      return state.status === 'loading' ? { status: 'error' } : state;
    case 'join':
      return state.status === 'preview' ? { status: 'joining', room: state.room } : state;
    case 'joined':
      return state.status === 'joining' ? { status: 'live', room: state.room } : state;
    case 'connectionFailed':
      // Back to the preview, which says rooms.roomConnexionFailed; the devices stay as they were.
      return state.status === 'joining' || state.status === 'live'
        ? { status: 'preview', room: state.room, failed: true }
        : state;
    case 'roomEnded':
      return state.status === 'loading' || state.status === 'error' ? state : { status: 'closed', room: state.room };
    case 'hangUp':
      return state.status === 'joining' || state.status === 'live'
        ? { status: 'ended', room: state.room, reason: 'hangUp' }
        : state;
    case 'disconnected':
      return state.status === 'live' ? { status: 'ended', room: state.room, reason: 'disconnected' } : state;
    case 'backToCall':
      return state.status === 'ended' ? { status: 'joining', room: state.room } : state;
  }
}

/** Whether the camera and microphone are needed in this state. */
export const needsMedia = (state: RoomState): boolean =>
  state.status === 'preview' || state.status === 'joining' || state.status === 'live';
