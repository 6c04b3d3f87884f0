/** Query keys of the statistics page. */
export const statisticsKeys = {
  figures: (userId: string, query: object) => ['statistics', userId, query] as const,
  stocks: (userId: string) => ['statistics-stocks', userId] as const,
};
