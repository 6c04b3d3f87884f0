/** TanStack Query keys of the engagement feature. */
export const engagementKeys = {
  alerts: () => ['engagement', 'alerts'] as const,
  preferences: () => ['engagement', 'alert-preferences'] as const,
  /** Every engagement panel: an alert refreshes them all. */
  panels: () => ['engagement', 'panel'] as const,
  shooting: (shootingId: string) => ['engagement', 'panel', 'shooting', shootingId] as const,
  vehicle: (registration: string) => ['engagement', 'panel', 'vehicle', registration] as const,
  funnel: (userId: string, query: object) => ['engagement', 'funnel', userId, query] as const,
};
