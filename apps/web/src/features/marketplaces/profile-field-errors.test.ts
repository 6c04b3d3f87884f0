import { MarketplaceProfileUpdate, type MarketplaceRules } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { profileFieldErrors } from './profile-field-errors';

const NONE: MarketplaceRules = {
  lead: null,
  order: [],
  minPictures: null,
  maxPictures: null,
  minWidth: null,
  minHeight: null,
  maxWidth: null,
  maxHeight: null,
  minAspect: null,
  maxAspect: null,
  plateCovered: null,
  stampAllowed: null,
};
const errorsOf = (name: string, rules: Partial<MarketplaceRules>) => {
  const parsed = MarketplaceProfileUpdate.safeParse({ name, rules: { ...NONE, ...rules } });
  return Object.fromEntries(profileFieldErrors(parsed.success ? [] : parsed.error.issues));
};

describe('a marketplace profile’s field errors', () => {
  it('says what each field wants: a name, a whole number or a number in range, a maximum above its minimum', () => {
    expect(errorsOf(' ', { minPictures: 2.5, minWidth: Number('abc'), minAspect: 20 })).toEqual({
      name: { key: 'marketplaces.settings.errors.name' },
      minPictures: { key: 'marketplaces.settings.errors.wholeNumber', values: { min: 0, max: 200 } },
      minWidth: { key: 'marketplaces.settings.errors.wholeNumber', values: { min: 1, max: 20_000 } },
      minAspect: { key: 'marketplaces.settings.errors.number', values: { min: 0.1, max: 10 } },
    });
    expect(errorsOf('Ours', { minPictures: 9, maxPictures: 2 })).toEqual({
      maxPictures: { key: 'marketplaces.settings.errors.belowMin' },
    });
    expect(errorsOf('Ours', { minPictures: 4, maxAspect: 1.5 })).toEqual({});
  });
});
