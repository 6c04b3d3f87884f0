/** Query keys of the shell: the web config its header, drawer and footer read (one entry, never stale). */
export const shellKeys = {
  webConfig: () => ['web-config'] as const,
};
