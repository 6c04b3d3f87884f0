/** Query keys of the settings: the groups, and per group its stocks, stamps, recent pictures and DMS. */
export const settingsKeys = {
  groups: () => ['settings', 'groups'] as const,
  stocks: (groupId: string) => ['settings', 'stocks', groupId] as const,
  stamps: (groupId: string) => ['settings', 'stamps', groupId] as const,
  pictures: (groupId: string) => ['settings', 'pictures', groupId] as const,
  dms: (groupId: string) => ['settings', 'dms', groupId] as const,
  apiKeys: (groupId: string) => ['settings', 'api-keys', groupId] as const,
  keyStocks: (groupId: string) => ['settings', 'api-keys', groupId, 'stocks'] as const,
  webhooks: (groupId: string) => ['settings', 'webhooks', groupId] as const,
  deliveries: (groupId: string, endpointId: string) =>
    ['settings', 'webhooks', groupId, endpointId, 'deliveries'] as const,
};
