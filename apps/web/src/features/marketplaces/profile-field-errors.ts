/** The number rules of a profile, as the settings form edits them. */
export const NUMBER_RULES = [
  'minPictures',
  'maxPictures',
  'minWidth',
  'minHeight',
  'maxWidth',
  'maxHeight',
  'minAspect',
  'maxAspect',
] as const;
export type NumberRule = (typeof NUMBER_RULES)[number];

// The bounds of MarketplaceRules (contracts), said to the person typing.
const PIXELS = { min: 1, max: 20_000, whole: true };
const RATIO = { min: 0.1, max: 10, whole: false };
const BOUNDS: Record<NumberRule, { min: number; max: number; whole: boolean }> = {
  minPictures: { min: 0, max: 200, whole: true },
  maxPictures: { min: 1, max: 200, whole: true },
  minWidth: PIXELS,
  minHeight: PIXELS,
  maxWidth: PIXELS,
  maxHeight: PIXELS,
  minAspect: RATIO,
  maxAspect: RATIO,
};

export interface FieldError {
  key: string;
  values?: { min: number; max: number };
}

/**
 * What to say under each field of a profile the schema refused: a name to enter, the range a number must be in, or a
 * maximum below its minimum; rather than one "check this value" for every mistake.
 */
export function profileFieldErrors(issues: readonly { path: readonly PropertyKey[]; code: string }[]) {
  const errors = new Map<string, FieldError>();
  for (const issue of issues) {
    const field = String(issue.path[issue.path.length - 1]);
    if (errors.has(field)) continue;
    if (field === 'name') errors.set(field, { key: 'marketplaces.settings.errors.name' });
    else if (issue.code === 'custom') errors.set(field, { key: 'marketplaces.settings.errors.belowMin' });
    else if (field in BOUNDS) {
      const { min, max, whole } = BOUNDS[field as NumberRule];
      errors.set(field, {
        key: `marketplaces.settings.errors.${whole ? 'wholeNumber' : 'number'}`,
        values: { min, max },
      });
    } else errors.set(field, { key: 'marketplaces.settings.invalid' });
  }
  return errors;
}
