import { groupCharacters } from './character-groups';
import { connectedBlobs, type Blob } from './connected-blobs';
import { rotatedCorners, type Point, type Quad } from './geometry';
import { halve, noiseLevel, type GrayImage } from './gray-image';
import { DARK, localThreshold } from './local-threshold';
import { rankerScore, type CandidateFeatures } from './plate-ranker';

export type { GrayImage } from './gray-image';
export type { CandidateFeatures } from './plate-ranker';

export interface PlateCandidate {
  corners: Quad;
  /** 0..1: how plate-like the region looks (character row, contrast, plain background). */
  confidence: number;
}

// Working sizes (longest side): small plates are read on the larger one, large plates (close-ups) on the
// smaller one, so that one threshold window fits the character strokes of both. Small photos are enlarged
// so that their characters are more than a few pixels tall.
const LARGE_SCALE = { min: 1280, max: 1600 };
const MIN_CONFIDENCE = 0.5;
// Most text rows that are not plates score below this; a second plate is only reported above it.
const SURE_CONFIDENCE = 0.97;
const MAX_PLATES = 4;
// A row whose plate box would reach past the picture's border is more often other text than a plate (a sign's
// or a shop front's lettering cut by the frame, a bumper sticker's edge): it gives way to a row that has its
// whole plate inside the picture (decision 0057).
const CUT_BY_BORDER = 0.1;
// A row whose plate's light background is closed by a darker edge both above and below (the plate's border or
// the car around it) ranks 0.1 higher among the picture's rows: signs, grilles and lettering on a body often
// have light ground on one side at least. It orders the rows only: a second plate still needs its own
// confidence over SURE_CONFIDENCE, so more pictures do not get more plates (decision 0063).
const CLOSED_OUTLINE = 0.1;
// A row that a longer row of the same line contains is a piece of lettering (decision 0063).
const FRAGMENT = 0.2;
// A character differs from its surroundings by more than 6 grey levels and a fifth of their spread (the
// old fixed offset of 10 lost the characters of dim plates).
const THRESHOLD = { window: 25, minOffset: 6, spreadShare: 0.2 };
// ...and more than 4 standard deviations of the picture's noise (the grain of a dark or high-ISO photo).
const NOISE_MARGIN = 4;

/** The size (longest side) an image of this size is searched at, the larger of the two working sizes. */
export function workingSide(width: number, height: number): number {
  const longest = Math.max(width, height);
  return Math.min(LARGE_SCALE.max, Math.max(LARGE_SCALE.min, longest));
}

/**
 * Licence plates found in a grayscale image already at its working size (`workingSide`), best first, corners
 * in the image's pixels. The image is searched as it is and at half its size.
 */
export function detectPlatesInGray(
  image: GrayImage,
  minConfidence = MIN_CONFIDENCE,
  /** The photo's own noise level when `image` was enlarged from it (enlarging smooths the grain it measures). */
  sourceNoise = 0,
): PlateCandidate[] {
  const found = plateCandidates(image, sourceNoise).map((c) => ({ ...c, rank: rankerScore(c) }));
  return choosePlates(found, minConfidence);
}

/**
 * The plates among a picture's candidates: the best-ranked of each group of overlapping ones, the first if its
 * confidence reaches `minConfidence`, others only if they are sure and belong to another vehicle (`apart`).
 */
export function choosePlates(found: RankedCandidate[], minConfidence = MIN_CONFIDENCE): PlateCandidate[] {
  const [best, ...others] = suppressOverlaps(found).filter((c) => c.confidence >= minConfidence);
  if (!best) return [];
  return [best, ...others.filter((c) => c.confidence >= SURE_CONFIDENCE && apart(c, best))]
    .slice(0, MAX_PLATES)
    .map((c) => ({ corners: c.corners, confidence: c.confidence }));
}

/**
 * Every character row of the image at both scales, scored, with what orders it (`rank`) and the measures the
 * score is made of (`features`), before overlapping rows are suppressed. `detectPlatesInGray` ranks them by
 * `rankerScore` and keeps the best; the ranker's training (`npm run bench -- plates-ranker`) reads them all.
 */
export function plateCandidates(image: GrayImage, sourceNoise = 0): RankedCandidate[] {
  return mergedCandidates(image, fullScaleFindings(image, sourceNoise), halfScaleFindings(image, sourceNoise));
}

/**
 * The candidates of both scales, in the order `plateCandidates` gives them, from what each scale found: the
 * full-size rows, the half-size rows, then the framed plates' rows (grounds found at half size, characters on the
 * full-size marks).
 */
export function mergedCandidates(
  image: GrayImage,
  atFull: FullScaleFindings,
  atHalf: HalfScaleFindings,
): RankedCandidate[] {
  const found = [
    ...atFull.rows,
    ...atHalf.rows,
    // Framed plates' grounds are found on the half-size marks (on the full-size ones they found 3 plates more
    // for 5 ms more a picture, decision 0069); their characters on the full-size marks.
    ...framedRows(atFull.marks, atHalf.grounds).map((group) => {
      const c = scoreGroup(image, group);
      c.features.framed = 1;
      return c;
    }),
  ];
  for (const c of found) {
    if (found.some((other) => continues(c.row, other.row))) {
      c.confidence = Math.max(0, c.confidence - FRAGMENT);
      c.rank -= FRAGMENT;
      c.features.fragment = 1;
    }
  }
  return found;
}

/** What the image's full-size scale finds: its character rows, and its marks, in which framed plates are read. */
export interface FullScaleFindings {
  rows: RankedCandidate[];
  marks: Thresholded;
}

export function fullScaleFindings(image: GrayImage, sourceNoise = 0): FullScaleFindings {
  const marks = thresholded(image, sourceNoise);
  return { rows: rowsAtScale(marks), marks };
}

/**
 * What the image's half-size scale finds: its character rows and the framed plates' grounds, both in the image's
 * pixels. It does not depend on the full-size scale until the two are merged, so a picture alone can search it on
 * a second core (`detectPlatesInGrayBeside`, decision 0068); plain data, it crosses to a thread and back unchanged.
 */
export interface HalfScaleFindings {
  rows: RankedCandidate[];
  grounds: Box[];
}

export function halfScaleFindings(image: GrayImage, sourceNoise = 0): HalfScaleFindings {
  const half = thresholded(halve(image), sourceNoise);
  return {
    // A pixel of the half-size image covers 2 × 2 of the image's (an odd last row or column is dropped).
    rows: rowsAtScale(half).map((c) => scaled(c, 2)),
    grounds: plateGrounds(half, 2),
  };
}

/** A candidate and what orders it among the picture's others (its confidence and what the plate's outline adds). */
export interface RankedCandidate extends PlateCandidate {
  rank: number;
  features: CandidateFeatures;
  /** The character row: its ends, centre line and character height, in the candidate's image's pixels. */
  row: CharacterRow;
}

interface CharacterRow {
  left: number;
  right: number;
  centre: number;
  height: number;
  characters: number;
}

/** A candidate of the image `factor` times smaller, in the image's pixels. */
function scaled(c: RankedCandidate, factor: number): RankedCandidate {
  if (factor === 1) return c;
  return {
    ...c,
    corners: c.corners.map((p) => ({ x: p.x * factor, y: p.y * factor })) as unknown as Quad,
    features: { ...c.features, halfScale: 1 },
    row: {
      left: c.row.left * factor,
      right: c.row.right * factor,
      centre: c.row.centre * factor,
      height: c.row.height * factor,
      characters: c.row.characters,
    },
  };
}

/**
 * Whether `longer` is the same line of text as `row` and goes on beyond it with at least 3 more characters: then
 * `row` is a piece of longer lettering (a dealer's or a company's name on the body, split where a letter was lost
 * at one scale), not a plate, whose row is the whole line at both scales.
 */
export function continues(row: CharacterRow, longer: CharacterRow): boolean {
  if (longer.characters < row.characters + 3) return false;
  const ratio = Math.max(row.height, longer.height) / Math.min(row.height, longer.height);
  if (ratio > 1.3 || Math.abs(row.centre - longer.centre) > 0.3 * longer.height) return false;
  return row.left >= longer.left - longer.height * 0.5 && row.right <= longer.right + longer.height * 0.5;
}

/** An image thresholded into dark and light marks, with the tallest character a row on it may have. */
export interface Thresholded {
  gray: GrayImage;
  classes: Uint8Array;
  maxHeight: number;
}

function thresholded(gray: GrayImage, sourceNoise: number): Thresholded {
  // A character must stand out of the sensor's noise too: in a grainy picture the grain's own specks would
  // otherwise make rows of 'characters'.
  const minOffset = Math.max(THRESHOLD.minOffset, NOISE_MARGIN * Math.max(noiseLevel(gray), sourceNoise));
  return { gray, classes: localThreshold(gray, { ...THRESHOLD, minOffset }), maxHeight: gray.height / 5 };
}

function rowsAtScale(marks: Thresholded): RankedCandidate[] {
  const { gray } = marks;
  // Dark characters only: light ones (on the few dark plates) found as many burnt-in time stamps, dealer
  // stickers and the light gaps between the characters of framed plates (decision 0051).
  const characters = connectedBlobs(marks.classes, gray.width, gray.height, DARK).filter((b) =>
    characterLike(b, marks.maxHeight),
  );
  return groupCharacters(characters).map((group) => scoreGroup(gray, group));
}

function characterLike(b: Blob, maxHeight: number): boolean {
  if (b.h < 9 || b.h > maxHeight || b.w > b.h * 1.1 || b.h > b.w * 9) return false;
  const fill = b.area / (b.w * b.h);
  return fill >= 0.18 && fill <= 0.92;
}

// A row of a framed plate's ground darker than this share is the frame's band, not characters (decision 0069).
const FRAME_BAND = 0.6;

/**
 * The light grounds of framed plates, in the full image's pixels, found on `marks` (an image `factor` times
 * smaller). Thresholded, the characters of a plate in a dealer's frame touch the frame, and the frame the bumper:
 * characters, frame and bumper make one dark region, far too wide to be a character (decision 0057). The plate's
 * light ground between them is a region of its own, closed by the frame, about twice as wide as tall, and holed
 * by the characters.
 */
function plateGrounds(marks: Thresholded, factor: number): Box[] {
  const { gray, classes, maxHeight } = marks;
  const light = new Uint8Array(classes.length);
  for (let i = 0; i < light.length; i++) light[i] = classes[i] === DARK ? 0 : 1;
  const minHeight = 16 / factor;
  return connectedBlobs(light, gray.width, gray.height, 1)
    .filter((r) => {
      if (r.h < minHeight || r.h > maxHeight * 1.5 || r.w < r.h * 1.3 || r.w > r.h * 4) return false;
      const fill = r.area / (r.w * r.h);
      return fill >= 0.4 && fill <= 0.93;
    })
    .map((r) => ({ x: r.x * factor, y: r.y * factor, w: r.w * factor, h: r.h * factor }));
}

/**
 * Rows of characters inside the plate grounds `grounds`, on the image's own marks: the dark regions inside a
 * ground's bounding box, cut there from the frame's sides.
 */
function framedRows(marks: Thresholded, grounds: Box[]): Blob[][] {
  const { gray, classes, maxHeight } = marks;
  const rows: Blob[][] = [];
  for (const g of grounds) {
    const x0 = Math.max(0, g.x);
    const y0 = Math.max(0, g.y);
    const w = Math.min(gray.width, g.x + g.w) - x0;
    const h = Math.min(gray.height, g.y + g.h) - y0;
    if (w < 2 || h < 2) continue;
    const inside = new Uint8Array(w * h);
    const rowDark = new Int32Array(h);
    for (let y = 0; y < h; y++) {
      const from = (y0 + y) * gray.width + x0;
      let dark = 0;
      for (let x = 0; x < w; x++) {
        if (classes[from + x] !== DARK) continue;
        inside[y * w + x] = DARK;
        dark += 1;
      }
      rowDark[y] = dark;
    }
    // The frame's bands (a dealer's name, the state's) and sides: rows and columns mostly dark, which a row of
    // characters never is. Cleared, they no longer join the characters that touch them.
    for (let y = 0; y < h; y++) if (rowDark[y]! > w * FRAME_BAND) inside.fill(0, y * w, (y + 1) * w);
    const characters = connectedBlobs(inside, w, h, DARK)
      .filter((b) => b.h >= h * 0.3 && characterLike(b, maxHeight))
      .map((b) => ({ ...b, x: b.x + x0, y: b.y + y0 }));
    rows.push(...groupCharacters(characters));
  }
  return rows;
}

/** Plate box around a row of characters, scored by what a plate looks like around its characters. */
function scoreGroup(gray: GrayImage, group: Blob[]): RankedCandidate {
  const n = group.length;
  const centres = group.map((b) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 }));
  const slope = fitSlope(centres);
  const heights = group.map((b) => b.h).sort((a, b) => a - b);
  const charHeight = heights[Math.floor(n / 2)]!;
  const left = Math.min(...group.map((b) => b.x));
  const right = Math.max(...group.map((b) => b.x + b.w));
  const span = right - left;
  const cx = (left + right) / 2;
  const cy = centres.reduce((a, p) => a + p.y, 0) / n + slope * (cx - centres.reduce((a, p) => a + p.x, 0) / n);
  const angle = Math.atan(slope);
  const contrast = regionContrast(gray, group, left, right);
  const width = span * 1.16 + charHeight * 0.35;
  const edges = plateEdges(gray, { x: cx, y: cy }, angle, span / 2, charHeight, (contrast.dark + contrast.light) / 2);
  // European plates carry the country band on the left, beyond the characters.
  const shift = width * 0.035;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -Math.sin(angle), y: Math.cos(angle) };
  const centreOffset = (edges.below - edges.above) / 2;
  const centre = {
    x: cx - shift * along.x + centreOffset * across.x,
    y: cy - shift * along.y + centreOffset * across.y,
  };
  const corners = rotatedCorners(centre, width, edges.above + edges.below, angle);

  const heightSpread = (heights[n - 1]! - heights[0]!) / charHeight;
  const gaps = group.slice(1).map((b, i) => b.x - (group[i]!.x + group[i]!.w));
  const meanGap = gaps.reduce((a, g) => a + g, 0) / Math.max(1, gaps.length);
  const widths = group.map((b) => b.w / b.h);
  const widthVariety = Math.max(...widths) - Math.min(...widths);

  let score = 0;
  score += n >= 5 && n <= 9 ? 0.35 : n === 4 || n === 10 ? 0.2 : 0.05;
  score += Math.max(0, 0.2 - heightSpread * 0.5);
  score += meanGap < charHeight * 0.6 ? 0.1 : 0;
  score += Math.min(0.15, widthVariety * 0.4);
  score += Math.min(0.3, contrast.contrast / 250) - Math.min(0.2, contrast.backgroundStd / 200);
  score += Math.abs(angle) < 0.25 ? 0.05 : -0.2;
  if (corners.some((p) => p.x < 0 || p.y < 0 || p.x > gray.width || p.y > gray.height)) score -= CUT_BY_BORDER;
  const confidence = Math.max(0, Math.min(1, score));
  const cut = corners.some((p) => p.x < 0 || p.y < 0 || p.x > gray.width || p.y > gray.height);
  return {
    corners,
    confidence,
    rank: confidence + (edges.closed ? CLOSED_OUTLINE : 0),
    features: {
      characters: n,
      heightSpread,
      gap: meanGap / charHeight,
      widthVariety,
      contrast: contrast.contrast,
      backgroundStd: contrast.backgroundStd,
      light: contrast.light,
      absAngle: Math.abs(angle),
      aspect: span / charHeight,
      above: edges.above / charHeight,
      below: edges.below / charHeight,
      closed: edges.closed ? 1 : 0,
      cutByBorder: cut ? 1 : 0,
      size: charHeight / gray.height,
      x: cx / gray.width,
      y: cy / gray.height,
      fragment: 0,
      halfScale: 0,
      framed: 0,
      score,
    },
    row: { left, right, centre: cy, height: charHeight, characters: n },
  };
}

/**
 * Distances from the character row's centre line to the plate's upper and lower edges: the plate's light
 * background goes on past the characters until its border or the car. Where the surroundings are as
 * light as the plate, a plate's usual proportions stand in.
 */
function plateEdges(
  gray: GrayImage,
  centre: Point,
  angle: number,
  halfSpan: number,
  charHeight: number,
  threshold: number,
): { above: number; below: number; closed: boolean } {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const rowMean = (v: number): number => {
    let sum = 0;
    let count = 0;
    for (let u = -halfSpan * 0.8; u <= halfSpan * 0.8; u += Math.max(1, halfSpan / 40)) {
      const x = Math.round(centre.x + u * cos - v * sin);
      const y = Math.round(centre.y + u * sin + v * cos);
      if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) continue;
      sum += gray.data[y * gray.width + x]!;
      count += 1;
    }
    return count ? sum / count : 0;
  };
  const edge = (direction: 1 | -1): number | undefined => {
    const start = charHeight * 0.5;
    // Far enough for the plates whose characters take less than half their height (North American ones).
    const limit = charHeight * 1.4;
    for (let d = start; d <= limit; d += 1) {
      // The plate's frame lies beyond the light background.
      if (rowMean(direction * d) < threshold) return Math.max(d, charHeight * 0.55) + charHeight * 0.1;
    }
    return undefined;
  };
  const above = edge(-1);
  const below = edge(1);
  return { above: above ?? charHeight * 0.75, below: below ?? charHeight * 0.75, closed: !!above && !!below };
}

/** Least-squares slope of the character centres (the plate's tilt). */
function fitSlope(points: Point[]): number {
  const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Brightness of the plate background between characters against the characters themselves. */
function regionContrast(
  gray: GrayImage,
  group: Blob[],
  left: number,
  right: number,
): { contrast: number; backgroundStd: number; dark: number; light: number } {
  const top = Math.max(0, Math.min(...group.map((b) => b.y)));
  const bottom = Math.min(gray.height, Math.max(...group.map((b) => b.y + b.h)));
  const data = gray.data;
  const cols = gray.width;
  // A histogram, not a sorted copy: this runs for every candidate row of every picture.
  const histogram = new Uint32Array(256);
  let total = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = Math.max(0, left); x < Math.min(cols, right); x++) histogram[data[y * cols + x]!]! += 1;
    total += Math.max(0, Math.min(cols, right) - Math.max(0, left));
  }
  const at = (q: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen > total * q) return v;
    }
    return 255;
  };
  // The lightest 40 %: the plate's background between the characters.
  const from = at(0.6);
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (let v = from; v < 256; v++) {
    count += histogram[v]!;
    sum += v * histogram[v]!;
    squares += v * v * histogram[v]!;
  }
  const mean = sum / Math.max(1, count);
  const std = Math.sqrt(Math.max(0, squares / Math.max(1, count) - mean * mean));
  return { contrast: at(0.8) - at(0.1), backgroundStd: std, dark: at(0.1), light: at(0.8) };
}

/**
 * Whether a second plate lies far enough from the first to belong to another vehicle: their centres at least two
 * of the first plate's widths apart (two cars side by side are a car's width apart; one car shows one plate). What
 * is closer is lettering on the same car: a dealer's or a company's name above or beside the plate.
 */
export function apart(c: PlateCandidate, best: PlateCandidate): boolean {
  const a = bounds(c.corners);
  const b = bounds(best.corners);
  return Math.hypot(a.x + a.w / 2 - (b.x + b.w / 2), a.y + a.h / 2 - (b.y + b.h / 2)) >= 2 * b.w;
}

/** Keeps the best of candidates that cover the same plate (found at both scales, or twice in one). */
function suppressOverlaps(candidates: RankedCandidate[]): RankedCandidate[] {
  const sorted = [...candidates].sort((a, b) => b.rank - a.rank);
  const kept: RankedCandidate[] = [];
  for (const c of sorted) {
    if (!kept.some((k) => boxIoU(bounds(k.corners), bounds(c.corners)) > 0.2)) kept.push(c);
  }
  return kept;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const bounds = (quad: readonly Point[]): Box => {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
};

export const boxIoU = (a: Box, b: Box): number => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter === 0 ? 0 : inter / (a.w * a.h + b.w * b.h - inter);
};
