/** A marker's place on a picture, as fractions of its width and height from the top left. */
export interface SpotPoint {
  x: number;
  y: number;
}

/** One arrow key moves the marker by 2 % of the picture; with Shift by 10 %. */
export const SPOT_STEP = 0.02;
export const SPOT_BIG_STEP = 0.1;

const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));

/**
 * Where an arrow key moves the marker: from the centre when there is none yet, never off the picture.
 * Null for any other key.
 */
export function moveSpot(spot: SpotPoint | null, key: string, big: boolean): SpotPoint | null {
  const step = big ? SPOT_BIG_STEP : SPOT_STEP;
  const from = spot ?? { x: 0.5, y: 0.5 };
  const by: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = by[key];
  if (!d) return null;
  // The first key press shows the marker where it starts, so the user sees it before it moves.
  if (!spot) return from;
  return { x: clamp(from.x + d[0]), y: clamp(from.y + d[1]) };
}

/** The spot of a click on an element, from its bounding box. */
export const spotFromClick = (
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): SpotPoint => ({
  x: clamp((clientX - rect.left) / rect.width),
  y: clamp((clientY - rect.top) / rect.height),
});

/** Percent for people: 0.253 → 25. */
export const percent = (f: number): number => Math.round(f * 100);
