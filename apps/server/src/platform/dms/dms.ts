import type { Readable } from 'node:stream';

/** One final image of a vehicle as the DMS receives it. */
export interface DmsImage {
  order: number;
  imageType: string;
  /** Name of the file in the export, unique and ordered. */
  fileName: string;
  contentType: string;
  /** A presigned GET URL, for receivers that fetch the files themselves. */
  url: string;
  open(): Promise<Readable>;
}

export interface DmsVehicle {
  shootingId: string;
  ownerId: string;
  ownerName: string;
  productId: string;
  registration: string;
  vin: string;
  brand: string | null;
  model: string | null;
  shootingType: string;
  created: string;
  images: DmsImage[];
}

/**
 * The dealer management system a shooting is pushed to. A push may be repeated: the receiver replaces
 * what it holds for that vehicle.
 */
export interface DmsAdapter {
  readonly driver: 'folder' | 'webhook';
  push(vehicle: DmsVehicle, opts: { idempotencyKey: string; signal?: AbortSignal }): Promise<void>;
}

/** The JSON describing a vehicle, identical for both drivers. */
export const dmsManifest = (v: DmsVehicle, imageRef: (i: DmsImage) => string) => ({
  shootingId: v.shootingId,
  ownerId: v.ownerId,
  ownerName: v.ownerName,
  productId: v.productId,
  registration: v.registration,
  vin: v.vin,
  brand: v.brand,
  model: v.model,
  shootingType: v.shootingType,
  created: v.created,
  images: v.images.map((i) => ({ order: i.order, imageType: i.imageType, file: imageRef(i) })),
});
