/** Query keys of the editing workflow. */
export const editingKeys = {
  plateCorners: (shootingId: string, imageIds: string[]) => ['plate-corners', shootingId, imageIds] as const,
  verifications: (shootingId: string) => ['verifications', shootingId] as const,
};
