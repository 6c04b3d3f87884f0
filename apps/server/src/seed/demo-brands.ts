import type { DealerBrand } from './dealer-branding';
import { DEMO_OWNERS } from './demo-accounts';

type DemoOwner = (typeof DEMO_OWNERS)[number];

const city = (owner: DemoOwner) => owner.name.split(' ').pop() ?? owner.name;
const tradingName = (owner: DemoOwner) => owner.name.split(' ').slice(0, -1).join(' ') || owner.name;

/** An owner's own branding: the trading name with its city (or label) underneath. */
export function ownerBrand(owner: DemoOwner): DealerBrand {
  return { name: tradingName(owner), subtitle: owner.label || city(owner), colour: owner.colour, phone: owner.phone };
}

const GROUP_SUBTITLES: Record<string, string> = {
  'grp-demo': "Véhicules d'occasion certifiés",
  'grp-other': 'Automobiles depuis 1987',
};

/** A dealer group's branding, as its stamps show it: the trading name and colour of its first owner. */
export function groupBrand(groupId: string): DealerBrand {
  const first = DEMO_OWNERS.find((o) => o.groupId === groupId);
  if (!first) throw new Error(`No demo owner in group ${groupId}`);
  return { ...ownerBrand(first), subtitle: GROUP_SUBTITLES[groupId] ?? '' };
}
