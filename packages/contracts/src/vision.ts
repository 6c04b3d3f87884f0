import { z } from 'zod';

/** A point in the pixels of the image's ORIGINAL (the upright photo as uploaded). */
export const PixelPoint = z.object({ x: z.number().finite(), y: z.number().finite() });
export type PixelPoint = z.infer<typeof PixelPoint>;

/** The four corners of a plate, clockwise from the top left. */
export const PlateCorners = z.tuple([PixelPoint, PixelPoint, PixelPoint, PixelPoint]);
export type PlateCorners = z.infer<typeof PlateCorners>;

/** POST /vision/v1/plate/corners: the images are those of one shooting, by id (any type of a position). */
export const PlateCornersRequest = z.object({
  shootingId: z.string().min(1),
  imageIds: z.array(z.string().min(1)).min(1).max(60),
});
export type PlateCornersRequest = z.infer<typeof PlateCornersRequest>;

export const DetectedPlate = z.object({
  corners: PlateCorners,
  /** 0..1. */
  confidence: z.number(),
});
export type DetectedPlate = z.infer<typeof DetectedPlate>;

export const PlateCornersImage = z.object({
  imageId: z.string(),
  /** Size of the ORIGINAL the corners are measured in. */
  width: z.number().int(),
  height: z.number().int(),
  /** Best first; empty when no plate was found. */
  plates: z.array(DetectedPlate),
});
export type PlateCornersImage = z.infer<typeof PlateCornersImage>;

export const PlateCornersResponse = z.object({ images: z.array(PlateCornersImage) });
export type PlateCornersResponse = z.infer<typeof PlateCornersResponse>;
