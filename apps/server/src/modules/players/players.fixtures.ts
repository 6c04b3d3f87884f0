import type { Adapters } from '../../platform/adapters';
import { makeShooting as buildShooting } from '../shootings/shootings.fixtures';

let counter = 0;

/**
 * A shooting of an owner with final images: `images` lists, per position, the types present, as 640 × 480
 * JPEGs by default (the size spin frames are made from). For the player, statistics and benchmark code;
 * built by the shootings module's builder.
 */
export async function makeShooting(
  adapters: Adapters,
  opts: {
    ownerId: string;
    type?: string;
    status?: string;
    createdBy?: string;
    images?: { position: number; type: string; width?: number; height?: number }[];
    videos?: { type: string; streamer: string; reference?: string | null; blobKey?: string | null }[];
  },
): Promise<{ shootingId: string; productId: string; imageIds: string[] }> {
  counter += 1;
  const made = await buildShooting(adapters, {
    ownerId: opts.ownerId,
    type: opts.type,
    status: opts.status,
    createdBy: opts.createdBy ?? null,
    registration: `AB-${100 + counter}-CD`,
    vin: `VIN${counter}`,
    brand: null,
    model: null,
    workflows: [],
    photoState: 'TODO',
    thumbnails: false,
    images: opts.images?.map((i) => ({ ...i, width: i.width ?? 640, height: i.height ?? 480 })),
    videos: opts.videos,
  });
  return { shootingId: made.shootingId, productId: made.productId, imageIds: made.images.map((i) => i.id) };
}
