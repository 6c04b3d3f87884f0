/** TanStack Query keys of the engagement feature. */
export const engagementKeys = {
  alerts: () => ['engagement', 'alerts'] as const,
  preferences: () => ['engagement', 'alert-preferences'] as const,
  shooting: (shootingId: string) => ['engagement', 'shooting', shootingId] as const,
};
