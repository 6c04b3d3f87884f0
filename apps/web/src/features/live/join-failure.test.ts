import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { joinFailureKey, roomHasEnded } from './join-failure';
import { RoomEndedError, RoomFullError } from './transport/signalled-transport';

describe('joinFailureKey', () => {
  it('says the room is full whether the token or the socket was refused', () => {
    expect(joinFailureKey(new ApiError(409, 'ROOM_FULL', 'full'))).toBe('rooms.roomFull');
    expect(joinFailureKey(new RoomFullError())).toBe('rooms.roomFull');
  });

  it('tells too many attempts, another refusal and a failed connection apart', () => {
    expect(joinFailureKey(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe('rooms.tooManyAttempts');
    expect(joinFailureKey(new ApiError(404, 'WRONG_MEETING_CODE', 'no'))).toBe('api.getTokenRoomLiveError');
    expect(joinFailureKey(new Error('no welcome from the signalling server'))).toBe('rooms.roomConnexionFailed');
  });

  it('tells an ended room from the other refusals', () => {
    expect(roomHasEnded(new ApiError(410, 'ROOM_ENDED', 'This meeting has ended'))).toBe(true);
    // A token taken before the end: its socket is refused (LIVE_CLOSE.ROOM_ENDED).
    expect(roomHasEnded(new RoomEndedError())).toBe(true);
    expect(roomHasEnded(new ApiError(409, 'ROOM_FULL', 'full'))).toBe(false);
    expect(roomHasEnded(new Error('no welcome from the signalling server'))).toBe(false);
  });
});
