import { PLATE_ANGLES, type MarketplaceRules, type PictureAngle, type ReadinessProblem } from '@forecourt/contracts';

/**
 * Whether a shooting's pictures meet a marketplace's rules, and which picture each position sends: pure, so
 * that the rules are unit-tested without a database.
 */

/** One stored image of a position (a position holds its original and its stamped, covered, cropped versions). */
export interface PictureImage {
  id: string;
  position: number;
  imageType: string;
  width: number | null;
  height: number | null;
}

export interface PositionAngle {
  position: number;
  angle: PictureAngle;
}

/** The picture a position sends to the marketplace, with its number as people count (1-based, in order). */
export interface ChosenPicture {
  picture: number;
  position: number;
  image: PictureImage;
  angle: PictureAngle | null;
}

const isStamped = (t: string) => t.startsWith('STAMPED');
const isCovered = (t: string) => t.endsWith('_LPC');
const isCropped = (t: string) => t.includes('CROPPED');

/**
 * The version of a position the rules prefer: unstamped when stamps are refused, covered when plates must be
 * covered (uncovered when refused), and otherwise the most edited one (cropped, covered, stamped).
 */
export function pickVersion(images: readonly PictureImage[], rules: MarketplaceRules): PictureImage {
  const score = (i: PictureImage) =>
    (rules.stampAllowed === false && isStamped(i.imageType) ? -100 : 0) +
    (rules.plateCovered === true && isCovered(i.imageType) ? 50 : 0) +
    (rules.plateCovered === false && isCovered(i.imageType) ? -50 : 0) +
    (isCropped(i.imageType) && i.imageType !== 'ORIGINAL_CROPPED_NO_SHADOW' ? 4 : 0) +
    (isCovered(i.imageType) ? 2 : 0) +
    (isStamped(i.imageType) && rules.stampAllowed !== false ? 1 : 0);
  return [...images].sort((a, b) => score(b) - score(a) || a.imageType.localeCompare(b.imageType))[0]!;
}

/**
 * The pictures in the marketplace's order: the lead angle, then the ordered angles (the first position of each),
 * then every other position in shooting order; cut at the marketplace's maximum.
 */
export function orderPictures(
  images: readonly PictureImage[],
  angles: readonly PositionAngle[],
  rules: MarketplaceRules,
): ChosenPicture[] {
  const positions = [...new Set(images.map((i) => i.position))].sort((a, b) => a - b);
  const angleOf = new Map(angles.map((a) => [a.position, a.angle]));
  const wanted = [...new Set([...(rules.lead ? [rules.lead] : []), ...rules.order])];
  const first: number[] = [];
  for (const angle of wanted) {
    const p = positions.find((pos) => angleOf.get(pos) === angle && !first.includes(pos));
    if (p !== undefined) first.push(p);
  }
  const ordered = [...first, ...positions.filter((p) => !first.includes(p))];
  const limited = rules.maxPictures === null ? ordered : ordered.slice(0, rules.maxPictures);
  return limited.map((position, i) => ({
    picture: i + 1,
    position,
    image: pickVersion(
      images.filter((img) => img.position === position),
      rules,
    ),
    angle: angleOf.get(position) ?? null,
  }));
}

const problem = (p: Partial<ReadinessProblem> & Pick<ReadinessProblem, 'code'>): ReadinessProblem => ({
  picture: null,
  angle: null,
  value: null,
  limit: null,
  ...p,
});

/** What keeps these pictures from being ready for the rules; empty when they are ready. */
export function readinessProblems(
  images: readonly PictureImage[],
  angles: readonly PositionAngle[],
  rules: MarketplaceRules,
): ReadinessProblem[] {
  const problems: ReadinessProblem[] = [];
  const count = new Set(images.map((i) => i.position)).size;
  if (rules.minPictures !== null && count < rules.minPictures)
    problems.push(problem({ code: 'too_few_pictures', value: count, limit: rules.minPictures }));
  if (rules.maxPictures !== null && count > rules.maxPictures)
    problems.push(problem({ code: 'too_many_pictures', value: count, limit: rules.maxPictures }));
  const known = new Set(angles.map((a) => a.angle));
  for (const angle of new Set([...(rules.lead ? [rules.lead] : []), ...rules.order]))
    if (!known.has(angle)) problems.push(problem({ code: 'missing_angle', angle }));

  // Problems name pictures as the shooting's gallery numbers them (1-based by position), not by export rank.
  const galleryNumber = new Map(
    [...new Set(images.map((i) => i.position))].sort((a, b) => a - b).map((p, i) => [p, i + 1]),
  );
  // Listed by gallery number, as a person reads down the gallery, whatever the export's order.
  const chosen = orderPictures(images, angles, rules).sort((a, b) => a.position - b.position);
  for (const { position, angle, image } of chosen) {
    const at = { picture: galleryNumber.get(position)!, angle };
    if ((rules.lead || rules.order.length) && angle === null) problems.push(problem({ code: 'angle_unknown', ...at }));
    const showsPlate = angle === null || PLATE_ANGLES.includes(angle);
    if (rules.plateCovered === true && showsPlate && !isCovered(image.imageType))
      problems.push(problem({ code: 'plate_visible', ...at }));
    if (rules.plateCovered === false && isCovered(image.imageType))
      problems.push(problem({ code: 'plate_covered', ...at }));
    if (rules.stampAllowed === false && isStamped(image.imageType)) problems.push(problem({ code: 'stamped', ...at }));
    problems.push(...sizeProblems(image, rules, at));
  }
  return problems;
}

function sizeProblems(
  image: PictureImage,
  rules: MarketplaceRules,
  at: Pick<ReadinessProblem, 'picture' | 'angle'>,
): ReadinessProblem[] {
  const sized = [rules.minWidth, rules.minHeight, rules.maxWidth, rules.maxHeight, rules.minAspect, rules.maxAspect];
  if (sized.every((r) => r === null)) return [];
  const { width, height } = image;
  if (!width || !height) return [problem({ code: 'size_unknown', ...at })];
  const out: ReadinessProblem[] = [];
  const check = (bad: boolean, code: ReadinessProblem['code'], value: number, limit: number | null) => {
    if (bad) out.push(problem({ code, ...at, value, limit }));
  };
  check(rules.minWidth !== null && width < rules.minWidth, 'too_narrow', width, rules.minWidth);
  check(rules.minHeight !== null && height < rules.minHeight, 'too_short', height, rules.minHeight);
  check(rules.maxWidth !== null && width > rules.maxWidth, 'too_wide', width, rules.maxWidth);
  check(rules.maxHeight !== null && height > rules.maxHeight, 'too_tall', height, rules.maxHeight);
  const aspect = Math.round((width / height) * 1000) / 1000;
  if ((rules.minAspect !== null && aspect < rules.minAspect) || (rules.maxAspect !== null && aspect > rules.maxAspect))
    out.push(
      problem({
        code: 'aspect',
        ...at,
        value: aspect,
        limit: aspect < (rules.minAspect ?? 0) ? rules.minAspect : rules.maxAspect,
      }),
    );
  return out;
}

/** Whether a profile holds any rule to check (a built-in whose marketplace publishes none holds none). */
export const hasRules = (rules: MarketplaceRules): boolean =>
  Object.entries(rules).some(([key, value]) => (key === 'order' ? rules.order.length > 0 : value !== null));
