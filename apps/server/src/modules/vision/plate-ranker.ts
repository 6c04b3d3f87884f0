import trained from './plate-ranker.weights.json';

/** The measures of a candidate row that its score is made of, each independent of the image's size. */
export interface CandidateFeatures {
  characters: number;
  /** Spread of the characters' heights over the median height. */
  heightSpread: number;
  /** Mean gap between characters over their height. */
  gap: number;
  /** Widest minus narrowest character's width over height. */
  widthVariety: number;
  /** Grey levels between the characters and their background. */
  contrast: number;
  /** Spread of the background's grey levels. */
  backgroundStd: number;
  /** The background's grey level. */
  light: number;
  absAngle: number;
  /** The row's length over its characters' height. */
  aspect: number;
  /** Plate edge above and below the row's centre line, over the characters' height. */
  above: number;
  below: number;
  closed: number;
  cutByBorder: number;
  /** The characters' height over the image's height, and the row's centre in the image (0..1). */
  size: number;
  x: number;
  y: number;
  fragment: number;
  halfScale: number;
  /** Found inside a framed plate's light ground. */
  framed: number;
  score: number;
}

/** What the ranker reads of a candidate row (plate-detector's `RankedCandidate` has it). */
export interface RankerInput {
  rank: number;
  features: CandidateFeatures;
}

/**
 * What orders a picture's candidate rows (decision 0069): a weighted sum of the hand-made rank (the row's
 * confidence, what its plate's outline adds and what being a piece of lettering takes away, decisions 0057 and
 * 0063) and of the measures it is made of. The weights are fitted by `npm run bench -- plates-ranker --write` as a
 * conditional logit (which row of a picture is its plate), kept near the hand-made rank alone by a penalty, and
 * cross-validated by photo there. It orders rows only: whether a row is a plate at all (confidence 0.5) and whether
 * a second plate is reported (0.97) stay the row's own confidence.
 *
 * Left out on purpose: where the row is in the picture and how large (they describe how this data set's photos
 * were framed, not what a plate is).
 */
export const RANKER_INPUTS = [
  'rank',
  'fourCharacters',
  'fiveOrSixCharacters',
  'eightOrMoreCharacters',
  'heightSpread',
  'gap',
  'widthVariety',
  'contrast',
  'backgroundStd',
  'aspect',
  'edges',
  'closed',
  'cutByBorder',
  'fragment',
  'framed',
  'angle',
] as const;

/** The ranker's inputs of a candidate, in the order of `RANKER_INPUTS`, each of about unit size. */
export function rankerInputs(c: RankerInput): number[] {
  const f = c.features;
  const n = f.characters;
  return [
    c.rank,
    n === 4 ? 1 : 0,
    n === 5 || n === 6 ? 1 : 0,
    n >= 8 ? 1 : 0,
    f.heightSpread,
    f.gap,
    f.widthVariety,
    f.contrast / 100,
    f.backgroundStd / 20,
    Math.min(f.aspect, 10) / 4,
    (f.above + f.below) / 2,
    f.closed,
    f.cutByBorder,
    f.fragment,
    f.framed,
    f.absAngle * 5,
  ];
}

/** The weights with the hand-made rank alone: the ranking before the fitted one. */
export const HAND_MADE: readonly number[] = RANKER_INPUTS.map((name) => (name === 'rank' ? 1 : 0));

const weights: readonly number[] = RANKER_INPUTS.map((name) => (trained.weights as Record<string, number>)[name] ?? 0);

export function rankerScore(c: RankerInput, w: readonly number[] = weights): number {
  const x = rankerInputs(c);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += w[i]! * x[i]!;
  return s;
}
