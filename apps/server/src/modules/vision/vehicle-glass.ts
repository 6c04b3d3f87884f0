import { boxOf, dilate, eachPart, erode, holesOf } from './binary-masks';

// The segmentation model takes a car's windows for the car (its mask is as sure there as on the paint), so
// the view behind them (trees, buildings, the other cars of a parking lot) would stay on the studio set. The
// glass is found on the photo instead: the greenhouse of a car is the part of its upper half, inside the body's
// outline, greyer and darker than its paint (the colour most of the car has).

/** The glass lies above the belt line: a window's part reaches no lower than this share of the box's height. */
const BELT = 0.58;
/** A window's centre lies in the box's upper part (a rear light or a headlight, lower, is not glass). */
const WINDOW_CENTRE = 0.42;
/** The body's outline (pillars, roof, the soft edge) is this share of the box's width wide: glass is inside it. */
const FRAME = 0.02;
/** How much darker than the paint (in luma, 0-255) a pixel of glass is at least. */
const DARKER = 30;
/** A car whose median luma is below this is dark: its paint is that median. */
const DARK_PAINT = 70;
/** A lighter car's paint is the luma this share of its pixels lie below (glass, tyres, grille and shade are darker). */
const LIGHT_PAINT_SHARE = 0.7;
/** More than this share of the vehicle's area found as glass is a misreading (a paint the colour of glass): none is kept. */
const MOST_GLASS = 0.3;
/** What is seen through a window (a seat, a headrest, a wiper) is closed into it: this share of the box's width. */
const CLOSING = 0.012;
/** A window is at least this share of the vehicle's area (a badge, a reflection on the bonnet are smaller). */
const SMALLEST_WINDOW = 0.006;
/** Saturated colours (max - min over max) are paint, lights or stickers: tinted glass and what is seen through it are greyer. */
const MOST_SATURATION = 0.4;
/** A window begins just under the roof's edge: its highest part lies within this share of the box's height below the car's outline. */
const UNDER_ROOF = 0.2;
/** Where the picture cuts the car's top, a window runs off it: its highest part lies within this share of the height of the edge. */
const UNDER_CUT = 0.03;
/** A window is wide (a mirror, a badge, a door handle's shade are narrower): this share of the box's width at least. */
const NARROWEST_WINDOW = 0.1;
/**
 * A window is tall too: its area over its width is this share of the box's height at least (a stripe along a bus's
 * roof, the shade under a bonnet's edge, the dark seal along a windscreen's foot are thinner).
 */
const THINNEST_WINDOW = 0.05;

/**
 * The vehicle's glass in a picture and its vehicle alpha (both `width` × `height`, RGB and one channel): 255
 * where it is glass, 0 elsewhere. A car whose glass looks like its paint (a black car's tinted windows) gets
 * none: the photo's windows stay.
 */
export function glassOf(rgb: Buffer, alpha: Buffer, width: number, height: number): Buffer {
  const glass = Buffer.alloc(width * height);
  const car = Buffer.alloc(width * height);
  let area = 0;
  for (let i = 0; i < car.length; i++)
    if (alpha[i]! >= 128) {
      car[i] = 255;
      area++;
    }
  if (area === 0) return glass;
  const box = boxOf(car, width, height);
  const boxHeight = box.bottom - box.top + 1;
  const inner = erode(car, width, height, Math.max(1, Math.round((box.right - box.left + 1) * FRAME)));
  const belt = box.top + boxHeight * BELT;
  const median = lumaAt(rgb, car, 0.5);
  // A light car's paint: its lighter pixels (the median is pulled down by its glass, tyres, grille and shade). A
  // dark car's lighter pixels are reflections, lighter than its paint and than its glass alike: its median.
  const paint = median < DARK_PAINT ? median : lumaAt(rgb, car, LIGHT_PAINT_SHARE);
  const candidate = Buffer.alloc(width * height);
  for (let y = box.top; y < Math.min(height, belt); y++)
    for (let x = box.left; x <= box.right; x++) {
      const i = y * width + x;
      if (inner[i] === 0) continue;
      const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
      // Over at least a mid grey: a near-black pixel's few levels of colour are the JPEG's noise.
      const saturation = (Math.max(r, g, b) - Math.min(r, g, b)) / Math.max(96, r, g, b);
      if (luma(r, g, b) <= paint - DARKER && saturation <= MOST_SATURATION) candidate[i] = 255;
    }
  // Each column's highest pixel of the car: its roof's edge, in a side view as in a front one.
  const outline = new Int32Array(width).fill(height);
  for (let i = 0; i < car.length; i++) {
    const x = i % width;
    if (car[i] !== 0 && outline[x] === height) outline[x] = (i - x) / width;
  }
  const windows = windowsOf(candidate, { width, height }, outline, {
    smallest: area * SMALLEST_WINDOW,
    centreAbove: box.top + boxHeight * WINDOW_CENTRE,
    underRoof: boxHeight * UNDER_ROOF,
    underCut: boxHeight * UNDER_CUT,
    narrowest: (box.right - box.left + 1) * NARROWEST_WINDOW,
    thinnest: boxHeight * THINNEST_WINDOW,
    above: Math.ceil(belt) - 1,
  });
  // Closed, so what is seen through a window (a headrest, a wiper) and the JPEG's noise leave no island in it.
  const radius = Math.max(1, Math.round((box.right - box.left + 1) * CLOSING));
  const closed = erode(dilate(windows, width, height, radius), width, height, radius);
  // What a window frames (a headrest, a rear shelf) is seen through it too.
  const framed = holesOf(closed, width, height);
  let found = 0;
  for (let i = 0; i < glass.length; i++)
    if ((closed[i] !== 0 || framed[i] !== 0) && inner[i] !== 0) {
      glass[i] = 255;
      found++;
    }
  return found > area * MOST_GLASS ? glass.fill(0) : glass;
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** The luma below which `share` of the vehicle's pixels lie. */
function lumaAt(rgb: Buffer, car: Buffer, share: number): number {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < car.length; i++)
    if (car[i] !== 0) {
      histogram[Math.round(luma(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!))]!++;
      count++;
    }
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= count * share) return v;
  return 255;
}

/**
 * The 4-connected parts of a map that may be windows: at least `smallest` pixels large, their centre above the row
 * `centreAbove`, their top within `underRoof` rows below the car's outline (`outline`: each column's top; within
 * `underCut` rows where the picture cuts the car at its top) over half their columns at least, `narrowest` pixels wide at least, ending above the row `above` (one reaching the
 * belt line runs on into the body: a door's reflection).
 */
function windowsOf(
  map: Buffer,
  size: { width: number; height: number },
  outline: Int32Array,
  rule: {
    smallest: number;
    centreAbove: number;
    underRoof: number;
    underCut: number;
    narrowest: number;
    thinnest: number;
    above: number;
  },
): Buffer {
  const { width } = size;
  const out = Buffer.alloc(map.length);
  eachPart(map, size, false, (part) => {
    let rows = 0;
    // Each column's top of the part: how far it lies under the car's outline, the roof's edge.
    const tops = new Map<number, number>();
    let [left, right, bottom] = [width, -1, 0];
    for (const i of part) {
      const x = i % width;
      const y = (i - x) / width;
      rows += y;
      [left, right, bottom] = [Math.min(left, x), Math.max(right, x), Math.max(bottom, y)];
      tops.set(x, Math.min(tops.get(x) ?? y, y));
    }
    // Where the picture cuts the car at its top, no roof is seen: a window there runs off the picture (its top at
    // the edge); a part beginning lower (a grille under a bonnet cut off) is not one.
    let underRoof = 0;
    for (const [x, y] of tops) if (y - outline[x]! <= (outline[x] === 0 ? rule.underCut : rule.underRoof)) underRoof++;
    const window =
      part.length >= rule.smallest &&
      part.length / (right - left + 1) >= rule.thinnest &&
      right - left + 1 >= rule.narrowest &&
      rows / part.length < rule.centreAbove &&
      underRoof * 2 >= tops.size &&
      bottom < rule.above;
    if (window) for (const i of part) out[i] = 255;
  });
  return out;
}
