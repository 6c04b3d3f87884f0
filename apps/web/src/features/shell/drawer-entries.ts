import type { AppLinkName } from '@forecourt/contracts/web-config';
import { hasOption } from '../access/user-options';

export interface Rights {
  /** preferred_username: the user id; a UUID means a non-legacy account. */
  username: string;
  habilitations: string[];
  roles: string[];
  options: Record<string, unknown> | null;
}

export type DrawerEntryName =
  | 'shootings'
  | 'statistics'
  | 'userBoard'
  | 'dms'
  | 'liveRooms'
  | 'adminVideos'
  | 'cashBuyback'
  | 'demo'
  | 'faq'
  | 'tutorials'
  | 'account'
  | 'settings'
  | 'contact';

export interface DrawerEntry {
  name: DrawerEntryName;
  /** A screen of the portal, or another application whose URL comes from the web config. */
  to?: string;
  app?: AppLinkName;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isNonLegacy = (username: string): boolean => UUID.test(username);

const has = (list: string[], ...wanted: string[]) => wanted.some((w) => list.includes(w));

/** The drawer of spec section 2, each entry with its rule from sections 2 and 6, in order. */
export function drawerEntries(r: Rights): DrawerEntry[] {
  const admin = has(r.habilitations, 'PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS');
  const rules: Array<[boolean, DrawerEntry]> = [
    [true, { name: 'shootings', to: '/shootings' }],
    [true, { name: 'statistics', app: 'statistics' }],
    [r.roles.includes('manage-users') && isNonLegacy(r.username), { name: 'userBoard', app: 'userBoard' }],
    [admin, { name: 'dms', app: 'dms' }],
    [hasOption(r.options, 'useVideoLive'), { name: 'liveRooms', to: '/videos/live/rooms' }],
    [hasOption(r.options, 'useAdminVideo'), { name: 'adminVideos', to: '/adminvideos' }],
    [hasOption(r.options, 'vehicleIdentificationMethods'), { name: 'cashBuyback', app: 'cashBuyback' }],
    [has(r.habilitations, 'PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS', 'SALES'), { name: 'demo', app: 'demo' }],
    [true, { name: 'faq', app: 'faq' }],
    [true, { name: 'tutorials', app: 'tutorials' }],
    [isNonLegacy(r.username), { name: 'account', app: 'account' }],
    [admin, { name: 'settings', app: 'settings' }],
    [true, { name: 'contact', app: 'contact' }],
  ];
  return rules.filter(([shown]) => shown).map(([, entry]) => entry);
}
