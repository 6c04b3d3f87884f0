/** Query keys of the vehicle page. */
export const vehicleKeys = {
  vehicle: (registration: string) => ['vehicle', registration] as const,
};
