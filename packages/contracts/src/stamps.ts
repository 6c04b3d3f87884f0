import { z } from 'zod';
import { CroppingType, Format } from './enums';

/** A stamp as the selectors list it (spec section 3): `url` is a presigned link to its overlay. */
export const Stamp = z.object({ id: z.string(), name: z.string(), url: z.string(), format: Format });
export type Stamp = z.infer<typeof Stamp>;
export const StampsResponse = z.array(Stamp);

/** `formats` arrives as `16/9,4/3` or repeated; absent means every format. */
export const StampsQuery = z.object({
  formats: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.flatMap((x) => String(x).split(','))
        : typeof v === 'string' && v !== ''
          ? v.split(',')
          : undefined,
    z.array(Format).optional(),
  ),
});

export const FloorLevel = z.number().int().min(5).max(95);
/** The floor line of a stamp that does not say: 60% of the height, where the sets drawn so far have it. */
export const DEFAULT_FLOOR_LEVEL = 60;

export const StampConfiguration = z.object({
  id: z.string(),
  croppingConfiguration: z.object({
    /** Presigned link to the background the cropped vehicle is set on, null when the stamp has none. */
    background: z.string().nullable(),
    blurringValue: z.number().int(),
    croppingType: CroppingType,
    /**
     * Where the set's floor begins (the line where its wall meets its floor), in percent of the height from
     * the top: cropping stands the vehicle's wheels on the floor below it and keeps the wall above for the sign.
     */
    floorLevel: FloorLevel,
  }),
});
export type StampConfiguration = z.infer<typeof StampConfiguration>;

/** Route parameters: a user's stamps, one stamp. */
export const StampUserParams = z.object({ userId: z.string() });
export const StampIdParams = z.object({ stampId: z.string() });
