// Constants and path builders of the public player, kept free of zod so that the player route can import
// them without loading any schema.

/** Widths of the spin's image variants; the player picks the smallest one at least as wide as it needs. */
export const FRAME_WIDTHS = [480, 768, 1080, 1440, 1920] as const;
export type FrameWidth = (typeof FRAME_WIDTHS)[number];
export const FRAME_FORMATS = ['webp', 'jpg'] as const;
export type FrameFormat = (typeof FRAME_FORMATS)[number];

export const RATING_COMMENT_MAX = 255;
export const RATING_SCORE_MAX = 5;

/** The URL of one spin frame at a given width and format. */
export const playerFramePath = (ref: string, index: number, frame: { version: string }, width: FrameWidth, format: FrameFormat): string =>
  `/api/external/legacy/players/${encodeURIComponent(ref)}/frames/${index}/${width}.${format}?v=${frame.version}`;
