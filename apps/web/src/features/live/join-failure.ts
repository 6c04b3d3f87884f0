import { ApiError } from '../../api/http';
import { RoomEndedError, RoomFullError } from './transport/signalled-transport';

/**
 * The server refused the token (410 ROOM_ENDED), or the socket of a token taken before the end
 * (LIVE_CLOSE.ROOM_ENDED), because the room has ended: the page shows it closed rather than a message.
 */
export const roomHasEnded = (err: unknown): boolean =>
  err instanceof RoomEndedError || (err instanceof ApiError && err.code === 'ROOM_ENDED');

/**
 * The translation key of what the room page says when joining failed: the room is full (the token refused,
 * or the socket refused with a token taken before it filled), too many attempts from this address, another
 * refusal of the token, or the connection itself.
 */
export function joinFailureKey(err: unknown): string {
  if (err instanceof RoomFullError || (err instanceof ApiError && err.code === 'ROOM_FULL')) return 'rooms.roomFull';
  if (err instanceof ApiError && err.status === 429) return 'rooms.tooManyAttempts';
  return err instanceof ApiError ? 'api.getTokenRoomLiveError' : 'rooms.roomConnexionFailed';
}
