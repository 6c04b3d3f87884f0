/** Query keys of the live rooms; `allRooms` is what a new room invalidates. */
export const liveKeys = {
  allRooms: ['live', 'rooms'] as const,
  rooms: (userId: string | undefined) => [...liveKeys.allRooms, userId] as const,
  room: (idLiveVideo: string, code: string | null) => ['live', 'room', idLiveVideo, code] as const,
  options: (idLiveVideo: string, code: string | null) => ['live', 'options', idLiveVideo, code] as const,
  vehicle: (playerRef: string) => ['live', 'vehicle', playerRef] as const,
  recordings: (roomId: string) => ['live', 'recordings', roomId] as const,
  owners: (userId: string) => ['live', 'owners', userId] as const,
};
