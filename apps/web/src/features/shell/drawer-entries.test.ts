import { describe, expect, it } from 'vitest';
import { isNonLegacy } from '../../lib/non-legacy-account';
import { drawerEntries } from './drawer-entries';

const UUID = '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0001';
const LINKS = {
  userBoard: 'https://users.example.test',
  dms: 'https://dms.example.test',
  cashBuyback: 'https://buyback.example.test',
  demo: 'https://demo.example.test',
  faq: 'https://help.example.test/faq',
  tutorials: 'https://help.example.test/tutorials',
  settings: 'https://settings.example.test',
  contact: 'https://example.test/contact',
};
const names = (r: Parameters<typeof drawerEntries>[0], links: Parameters<typeof drawerEntries>[1] = LINKS) =>
  drawerEntries(r, links).map((e) => e.name);
const ALWAYS = ['shootings', 'statistics', 'faq', 'tutorials', 'contact'];

describe('drawer entries', () => {
  it('tells non-legacy accounts by a UUID username', () => {
    expect(isNonLegacy(UUID)).toBe(true);
    expect(isNonLegacy('123456')).toBe(false);
    expect(isNonLegacy('jdupont')).toBe(false);
  });

  it('gives a legacy account without rights only the common entries', () => {
    expect(names({ username: '4242', habilitations: [], roles: ['manage-users'], options: null })).toEqual(ALWAYS);
  });

  it('gives the user board only to manage-users on a non-legacy account, and account to any non-legacy one', () => {
    expect(names({ username: UUID, habilitations: [], roles: ['manage-users'], options: {} })).toEqual([
      'shootings',
      'statistics',
      'userBoard',
      'faq',
      'tutorials',
      'account',
      'audit',
      'integrations',
      'contact',
    ]);
  });

  it('gives Integrations to a group’s managers only; provider staff reach keys and webhooks in the settings', () => {
    const integrations = (username: string, habilitations: string[], roles: string[]) =>
      drawerEntries({ username, habilitations, roles, options: {} }, {}).find((e) => e.name === 'integrations');
    expect(integrations(UUID, [], ['manage-users'])).toEqual({ name: 'integrations', to: '/integrations' });
    expect(integrations(UUID, ['SALES'], ['manage-users'])).toBeDefined();
    expect(integrations('4242', [], ['manage-users'])).toBeUndefined();
    expect(integrations(UUID, ['SALES'], [])).toBeUndefined();
    expect(integrations(UUID, ['PROVIDER_ADMINISTRATOR'], ['manage-users'])).toBeUndefined();
    expect(integrations(UUID, ['CUSTOMER_SUCCESS'], ['manage-users'])).toBeUndefined();
  });

  it('opens the portal’s own user board unless APP_LINKS names another application', () => {
    const manager = { username: UUID, habilitations: [], roles: ['manage-users'], options: {} };
    expect(drawerEntries(manager, {}).find((e) => e.name === 'userBoard')).toEqual({ name: 'userBoard', to: '/users' });
    expect(drawerEntries(manager, LINKS).find((e) => e.name === 'userBoard')).toEqual({
      name: 'userBoard',
      href: LINKS.userBoard,
    });
  });

  it('follows habilitations for DMS, demo and settings', () => {
    expect(names({ username: '1', habilitations: ['SALES'], roles: [], options: {} })).toEqual([
      'shootings',
      'statistics',
      'demo',
      'faq',
      'tutorials',
      'contact',
    ]);
    expect(names({ username: '1', habilitations: ['CUSTOMER_SUCCESS'], roles: [], options: {} })).toEqual([
      'shootings',
      'statistics',
      'dms',
      'demo',
      'faq',
      'tutorials',
      'settings',
      'contact',
    ]);
  });

  it('offers the outbox to provider administrators only, who alone may read it', () => {
    const admin = names({ username: '1', habilitations: ['PROVIDER_ADMINISTRATOR'], roles: [], options: {} });
    expect(admin).toContain('outbox');
    for (const habilitations of [['CUSTOMER_SUCCESS'], ['SALES'], []])
      expect(names({ username: UUID, habilitations, roles: ['manage-users'], options: {} })).not.toContain('outbox');
  });

  it('follows the per-user options; an empty list gives no cash buyback', () => {
    const options = { useVideoLive: true, useAdminVideo: false, vehicleIdentificationMethods: [] };
    expect(names({ username: '1', habilitations: [], roles: [], options })).toEqual([
      'shootings',
      'statistics',
      'liveRooms',
      'faq',
      'tutorials',
      'contact',
    ]);
    expect(
      names({
        username: '1',
        habilitations: [],
        roles: [],
        options: { useAdminVideo: true, vehicleIdentificationMethods: ['VIN'] },
      }),
    ).toEqual(['shootings', 'statistics', 'adminVideos', 'cashBuyback', 'faq', 'tutorials', 'contact']);
  });

  it('shows only what this installation offers: the portal’s screens, and other applications it links', () => {
    const everything = {
      username: UUID,
      habilitations: ['PROVIDER_ADMINISTRATOR'],
      roles: ['manage-users'],
      options: { useVideoLive: true, useAdminVideo: true, vehicleIdentificationMethods: ['VIN'] },
    };
    expect(drawerEntries(everything, {})).toEqual([
      { name: 'shootings', to: '/shootings' },
      { name: 'statistics', to: '/statistics' },
      { name: 'userBoard', to: '/users' },
      { name: 'dms', to: '/settings/dms' },
      { name: 'liveRooms', to: '/videos/live/rooms' },
      { name: 'adminVideos', to: '/adminvideos' },
      { name: 'account', to: '/account' },
      { name: 'settings', to: '/settings' },
      { name: 'audit', to: '/audit' },
      { name: 'outbox', to: '/notifications/outbox' },
    ]);
    expect(drawerEntries(everything, { faq: LINKS.faq }).filter((e) => e.href)).toEqual([
      { name: 'faq', href: LINKS.faq },
    ]);
  });
});
