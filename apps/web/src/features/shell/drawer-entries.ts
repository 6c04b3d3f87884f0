import type { AppLinkName } from '@forecourt/contracts/web-config';
import { isNonLegacy } from '../../lib/non-legacy-account';
import { hasOption } from '../../access/user-options';

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
  | 'audit'
  | 'integrations'
  | 'outbox'
  | 'contact';

export interface DrawerEntry {
  name: DrawerEntryName;
  /** A screen of the portal, or the URL of another application (from the web config). */
  to?: string;
  href?: string;
}

const has = (list: string[], ...wanted: string[]) => wanted.some((w) => list.includes(w));

/**
 * The drawer of spec section 2, each entry with its rule from sections 2 and 6, in order. Entries that open
 * another application show only when this installation links one (`appLinks`, from APP_LINKS); the user board,
 * settings and DMS are screens of the portal unless a link is set for them, which wins.
 */
export function drawerEntries(r: Rights, appLinks: Partial<Record<AppLinkName, string>> = {}): DrawerEntry[] {
  const app = (name: DrawerEntryName & AppLinkName): DrawerEntry | null =>
    appLinks[name] ? { name, href: appLinks[name] } : null;
  const admin = has(r.habilitations, 'PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS');
  const rules: Array<[boolean, DrawerEntry | null]> = [
    [true, { name: 'shootings', to: '/shootings' }],
    [true, { name: 'statistics', to: '/statistics' }],
    // The user board is a screen of the portal; an APP_LINKS entry, where set, still opens another application.
    [
      r.roles.includes('manage-users') && isNonLegacy(r.username),
      app('userBoard') ?? { name: 'userBoard', to: '/users' },
    ],
    [admin, app('dms') ?? { name: 'dms', to: '/settings/dms' }],
    [hasOption(r.options, 'useVideoLive'), { name: 'liveRooms', to: '/videos/live/rooms' }],
    [hasOption(r.options, 'useAdminVideo'), { name: 'adminVideos', to: '/adminvideos' }],
    [hasOption(r.options, 'vehicleIdentificationMethods'), app('cashBuyback')],
    [has(r.habilitations, 'PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS', 'SALES'), app('demo')],
    [true, app('faq')],
    [true, app('tutorials')],
    [isNonLegacy(r.username), { name: 'account', to: '/account' }],
    [admin, app('settings') ?? { name: 'settings', to: '/settings' }],
    [
      has(r.habilitations, 'PROVIDER_ADMINISTRATOR') || (r.roles.includes('manage-users') && isNonLegacy(r.username)),
      { name: 'audit', to: '/audit' },
    ],
    // The group's own API keys and webhooks (decision 0076): its managers; provider staff reach them in settings.
    [
      r.roles.includes('manage-users') && isNonLegacy(r.username) && !admin,
      { name: 'integrations', to: '/integrations' },
    ],
    // Where the e-mails and SMS the portal sent went: those who may read it (notifications' outbox rule).
    [has(r.habilitations, 'PROVIDER_ADMINISTRATOR'), { name: 'outbox', to: '/notifications/outbox' }],
    [true, app('contact')],
  ];
  return rules.flatMap(([shown, entry]) => (shown && entry ? [entry] : []));
}
