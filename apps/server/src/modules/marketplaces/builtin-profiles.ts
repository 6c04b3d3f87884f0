import type { MarketplaceProfile, MarketplaceRuleKey, MarketplaceRules } from '@forecourt/contracts';

/**
 * The built-in profiles: only what each marketplace publishes (stored copies read 2026-11-29, URLs in `sources`,
 * decision 0097). A rule a marketplace does not publish stays null (not checked) and is named in `notPublic`: a group
 * that knows its marketplace's practice copies the profile and sets it.
 */

export const NO_RULES: MarketplaceRules = {
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

/** The day the stored copies of the pages below were read. */
const READ = '2026-11-29';

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
        read: READ,
        rules: ['minPictures'],
        country: null,
      },
      {
        url: 'https://services.mobile.de/docs/seller-api.html',
        says: 'Seller-API: images are uploaded per ad and their order can be changed; no size or count limits on this page.',
        read: READ,
        rules: [],
        country: null,
      },
      {
        url: 'https://services.mobile.de/manual/upload-interface-xml_en.html',
        says: 'Upload interface: image files travel in the ZIP with the vehicle file, which names them in order.',
        read: READ,
        rules: [],
        country: null,
      },
    ],
  }),
  builtin({
    id: 'autoscout24',
    marketplace: 'AutoScout24',
    name: 'AutoScout24',
    // Decision 0097: the picture count is AutoScout24's own API page (api.autoscout24.com, all its countries);
    // the stamp rule is autoscout24.ch's (Switzerland only), the only AutoScout24 site whose picture rules we read.
    rules: { ...NO_RULES, maxPictures: 30, stampAllowed: false },
    sources: [
      {
        url: 'https://scout24.github.io/api/',
        says: "AutoScout24 Listing Creation API (api.autoscout24.com; marked deprecated in Feb 2021, its successor's page was not readable): JPG or PNG only; at most 30 images can be uploaded per vehicle; the ad shows 30 (Premium), the first 20 (Plus) or the first 15 (Basic); the first image of the image order is the main image; an image over the size limit is refused (no figure given).",
        read: READ,
        rules: ['maxPictures'],
        country: null,
      },
      {
        url: 'https://guide.autoscout24.ch/de/autoverkauf/insertionsregeln/',
        says: "autoscout24.ch supplementary listing rules (Switzerland): original pictures of the advertised vehicle only, the vehicle in the foreground and not covered; no picture editing except a neutral virtual background wall, which may carry a discreet company name and/or the vehicle brand's logo taking at most 1/8 of the background; no other text or logo. Plates, picture count and sizes are not named.",
        read: READ,
        rules: ['stampAllowed'],
        country: 'CH',
      },
      {
        url: 'https://www.autoscout24.ch/it/content/regole-d-inserzione',
        says: 'autoscout24.ch listing rules (Switzerland): photos recommended; original photos of the advertised vehicle only, not covered and in the foreground; no retouching, only a virtual background may be added (see the supplementary rules).',
        read: READ,
        rules: ['stampAllowed'],
        country: 'CH',
      },
    ],
  }),
  builtin({
    id: 'leboncoin',
    marketplace: 'leboncoin',
    name: 'leboncoin',
    // Decision 0097: no page of leboncoin's own on its picture rules was found among the stored public pages.
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
        read: READ,
        rules: ['maxPictures'],
        country: null,
      },
    ],
  }),
];

/**
 * The rules of a built-in profile that come from one country's pages only: a rule is scoped when every source
 * backing it names a country.
 */
export function scopedRules(profile: MarketplaceProfile): { rule: MarketplaceRuleKey; country: string }[] {
  const rules = [...new Set(profile.sources.flatMap((s) => s.rules))];
  return rules.flatMap((rule) => {
    const backing = profile.sources.filter((s) => s.rules.includes(rule));
    const countries = [...new Set(backing.map((s) => s.country))];
    return countries.length === 1 && countries[0] ? [{ rule, country: countries[0] }] : [];
  });
}

export const builtinProfile = (id: string): MarketplaceProfile | undefined => BUILTIN_PROFILES.find((p) => p.id === id);
