/** Query keys of the account page. */
export const accountKeys = {
  account: () => ['account'] as const,
};
