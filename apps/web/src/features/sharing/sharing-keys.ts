/** Query keys of sharing: a shooting's player and its settings, and the notifications outbox. */
export const sharingKeys = {
  playerInfo: (shootingId: string) => ['player-info', shootingId] as const,
  playerSettings: (shootingId: string) => ['player-settings', shootingId] as const,
  outbox: () => ['notifications-outbox'] as const,
};
