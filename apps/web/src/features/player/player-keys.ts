/** Query keys of the public player. */
export const playerKeys = {
  options: (reference: string) => ['player-options', reference] as const,
};
