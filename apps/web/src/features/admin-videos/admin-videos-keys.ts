/** Query keys of the admin videos page; `configurations` is what a failed change invalidates. */
export const adminVideosKeys = {
  groupId: (username: string | undefined) => ['group-id', username] as const,
  configurations: ['video-configuration'] as const,
  configuration: (groupId: string | undefined) => [...adminVideosKeys.configurations, groupId] as const,
};
