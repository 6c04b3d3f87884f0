import type { MarketplaceProfile, MarketplaceRules } from '@forecourt/contracts';

/**
 * The built-in profiles: only what each marketplace publishes (read 2026-11-29, URLs in `sources`). A rule a
 * marketplace does not publish stays null (not checked) and is named in `notPublic`: a group that knows its
 * marketplace's practice copies the profile and sets it.
 */

const NO_RULES: MarketplaceRules = {
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

const ALL_RULES = Object.keys(NO_RULES) as (keyof MarketplaceRules)[];
const unpublished = (rules: MarketplaceRules) => ALL_RULES.filter((k) => k !== 'order' && rules[k] === null);

const builtin = (
  p: Omit<MarketplaceProfile, 'groupId' | 'baseId' | 'notPublic' | 'updatedAt'>,
): MarketplaceProfile => ({
  ...p,
  groupId: null,
  baseId: null,
  notPublic: unpublished(p.rules),
  updatedAt: null,
});

export const BUILTIN_PROFILES: readonly MarketplaceProfile[] = [
  builtin({
    id: 'mobile-de',
    marketplace: 'mobile.de',
    name: 'mobile.de',
    rules: { ...NO_RULES, minPictures: 25 },
    sources: [
      {
        url: 'https://www.kfz-betrieb.vogel.de/mobilede-fuehrt-inseratscheck-per-ki-ein-a-d5f114d2e14526d83fb282fa895655a9',
        says: 'mobile.de quality score (from 2 Feb 2026): at least 25 vehicle photos for the full picture-count score; high resolution, good light, relevant angles (no figures given).',
      },
      {
        url: 'https://services.mobile.de/docs/seller-api.html',
        says: 'Seller-API: images are uploaded per ad and their order can be changed; no size or count limits on this page.',
      },
      {
        url: 'https://services.mobile.de/manual/upload-interface-xml_en.html',
        says: 'Upload interface: image files travel in the ZIP with the vehicle file, which names them in order.',
      },
    ],
  }),
  builtin({
    id: 'autoscout24',
    marketplace: 'AutoScout24',
    name: 'AutoScout24',
    rules: NO_RULES,
    sources: [],
  }),
  builtin({
    id: 'leboncoin',
    marketplace: 'leboncoin',
    name: 'leboncoin',
    rules: NO_RULES,
    sources: [],
  }),
  builtin({
    id: 'autotrader-uk',
    marketplace: 'AutoTrader UK',
    name: 'AutoTrader UK',
    rules: { ...NO_RULES, maxPictures: 100 },
    sources: [
      {
        url: 'https://trade.autotrader.co.uk/terms-and-conditions/100-images',
        says: 'Advert Images terms: a dealer may upload at most 100 images per advert, through the portal or data feeds.',
      },
    ],
  }),
];

export const builtinProfile = (id: string): MarketplaceProfile | undefined => BUILTIN_PROFILES.find((p) => p.id === id);
