/** The three ids that name one shooting in every API path (`shootingApiPath`). */
export interface ShootingKey {
  ownerId: string;
  productId: string;
  shootingId: string;
}
