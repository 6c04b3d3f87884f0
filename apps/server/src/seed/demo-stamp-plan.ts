import type { CroppingType, Format } from '@forecourt/contracts';
import type { BackgroundStyle, StampDesign } from './dealer-branding';
import { demoUuid, seededRandom } from './demo-random';

/** The stamps of each demo dealer group, in both formats, planned like the rest of the demo data. */
export interface StampPlan {
  id: string;
  groupId: string;
  name: string;
  format: Format;
  design: StampDesign;
  tagline: string;
  croppingType: CroppingType;
  background: BackgroundStyle;
  blurringValue: number;
  createdAt: string;
}

const STAMP_DESIGNS: Record<string, { key: string; name: string; design: StampDesign; tagline: string }[]> = {
  'grp-demo': [
    { key: 'classic', name: 'Demo Motors Classique', design: 'classic', tagline: '' },
    { key: 'premium', name: 'Demo Motors Premium', design: 'premium', tagline: 'Sélection Premium' },
    { key: 'warranty', name: 'Garantie 12 mois', design: 'warranty', tagline: 'Garantie 12 mois' },
  ],
  'grp-other': [
    { key: 'classic', name: 'Other Dealer Standard', design: 'classic', tagline: '' },
    { key: 'premium', name: 'Bordeaux Prestige', design: 'premium', tagline: 'Prestige Bordeaux' },
  ],
};

const CROPPING: CroppingType[] = ['CROPPING', 'PARTIAL_CROPPING', 'FADED_CROPPING'];
const BACKGROUNDS: BackgroundStyle[] = ['showroom', 'studio', 'loft'];

const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

export function planStamps(now: number): StampPlan[] {
  const r = seededRandom('stamps');
  let n = 0;
  return Object.entries(STAMP_DESIGNS).flatMap(([groupId, designs]) =>
    designs.flatMap((d) =>
      (['4/3', '16/9'] as const).map((format) => {
        const i = n++;
        return {
          id: demoUuid(`stamp:${groupId}:${d.key}:${format}`),
          groupId,
          name: d.name,
          format,
          design: d.design,
          tagline: d.tagline,
          croppingType: CROPPING[i % CROPPING.length]!,
          background: BACKGROUNDS[(i + Math.floor(i / 3)) % BACKGROUNDS.length]!,
          blurringValue: [0, 4, 8, 12][i % 4]!,
          createdAt: iso(now - 180 * DAY + r.int(0, 20) * DAY),
        };
      }),
    ),
  );
}
