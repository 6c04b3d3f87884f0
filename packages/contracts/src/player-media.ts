// Constants and path builders of the public player, kept free of zod so that the player route can import
// them without loading any schema.

/** Widths of the spin's image variants; the player picks the smallest one at least as wide as it needs. */
export const FRAME_WIDTHS = [480, 768, 1080, 1440, 1920] as const;
export type FrameWidth = (typeof FRAME_WIDTHS)[number];
export const FRAME_FORMATS = ['webp', 'jpg'] as const;
export type FrameFormat = (typeof FRAME_FORMATS)[number];

export const RATING_COMMENT_MAX = 255;
export const RATING_SCORE_MAX = 5;

/** Id of the data block in which the server hands the player page its options (no options call needed). */
export const PLAYER_OPTIONS_ELEMENT_ID = 'player-options';

/** Id of the first frame the server draws in the player page, which the spin removes once it shows its own. */
export const PLAYER_STATIC_FRAME_ID = 'player-static-frame';

/** The URL of one spin frame at a given width and format. */
export const playerFramePath = (
  ref: string,
  index: number,
  frame: { version: string },
  width: FrameWidth,
  format: FrameFormat,
): string =>
  `/api/external/legacy/players/${encodeURIComponent(ref)}/frames/${index}/${width}.${format}?v=${frame.version}`;

/** Every variant of one spin frame as a `srcset`: the browser picks the size, the server preloads the same list. */
export const playerFrameSrcSet = (
  ref: string,
  index: number,
  frame: { version: string },
  format: FrameFormat,
): string => FRAME_WIDTHS.map((w) => `${playerFramePath(ref, index, frame, w, format)} ${w}w`).join(', ');

/**
 * The CSS width of the spin in the public player's layout (player.module.css: 8 px padding below
 * 750 px, 16 px above, then from 1024 px a 3fr column beside a column of at least 280 px, 16 px gap, at
 * most 1600 px in all). The page's preload and the player's first frame use it with the same srcset,
 * so the browser picks one variant for both and downloads it once.
 */
export const SPIN_SIZES =
  '(min-width: 1600px) 1164px, (min-width: 1168px) calc(75vw - 36px), (min-width: 1024px) calc(100vw - 328px), (min-width: 750px) calc(100vw - 32px), calc(100vw - 16px)';

/**
 * The title of a stock's contact line a reader of this language sees, falling back as the portal does: the
 * language asked for, then French, then the line's own title (`titles` by language, where the stock gives them).
 */
export function contactTitle(
  line: { title: string; titles?: Partial<Record<string, string>> },
  language: string,
): string {
  const base = language.toLowerCase().split('-')[0]!;
  return line.titles?.[base] || line.titles?.fr || line.title;
}
