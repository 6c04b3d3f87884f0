/**
 * Query keys of the signed-in user's own resources, which several features read: one cache entry each, so
 * the access, the options and the stamps load once for every screen that needs them.
 */
export const usersKeys = {
  me: () => ['users', 'me'] as const,
  access: () => ['users', 'me', 'access'] as const,
  options: (username: string | undefined) => ['users', username, 'options'] as const,
  owners: (userId: string | undefined) => ['users', userId, 'owners'] as const,
  /** The stamps of one picture format (shooting creation and restamping read the same list). */
  stamps: (userId: string | undefined, format: string | null | undefined) =>
    ['users', userId, 'stamps', format] as const,
};
