/** Query keys of the creation page that are its own (the user's owners and stamps are `usersKeys`). */
export const shootingCreateKeys = {
  availableProducts: (ownerIds: string[]) => ['products', 'available', ownerIds] as const,
};
