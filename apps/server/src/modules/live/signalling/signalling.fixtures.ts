/**
 * A room token's claims as the signalling reads them, for its unit tests: `participant` in `room` (room-1 unless
 * named), the room's host when the name starts with 'host'.
 */
export const roomClaims = (participant: string, room = 'room-1') => ({
  room,
  identity: participant,
  participant,
  host: participant.startsWith('host'),
  exp: 0,
});
