import type { GroupDms } from '@forecourt/contracts/settings';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { DmsPanel } from './dms-panel';
import { fetchGroupDms } from './settings-api';

vi.mock('./settings-api', () => ({
  fetchGroupDms: vi.fn(),
  saveGroupDms: vi.fn(),
  testGroupDms: vi.fn(),
  settingsErrorKey: () => 'api.commonError',
}));

const dms: GroupDms = {
  driver: 'folder',
  effectiveDriver: 'folder',
  target: '/exports/dms',
  url: null,
  hasSecret: false,
  deliveries: [
    {
      id: 'd1',
      kind: 'test',
      shootingId: null,
      driver: 'folder',
      target: '/exports/dms/test.xml',
      status: 'OK',
      error: null,
      durationMs: 12,
      // Local time, so the test reads the same in every time zone.
      createdAt: '2026-11-29T18:35:03',
    },
  ],
};

afterEach(() => i18n.changeLanguage('en'));

// Spec section 9: DD/MM/YYYY and the language's clock, not the browser's "11/29/2026, 6:35:03 PM".
describe('the DMS panel’s deliveries', () => {
  it('dates a delivery as the rest of the portal, to the second', async () => {
    vi.mocked(fetchGroupDms).mockResolvedValue(dms);
    renderAsUser(<DmsPanel groupId="g1" />);
    expect((await screen.findByTestId('dms-deliveries')).textContent).toContain('29/11/2026 06:35:03 PM');
  });

  it('uses the 24-hour clock in French', async () => {
    await i18n.changeLanguage('fr');
    vi.mocked(fetchGroupDms).mockResolvedValue(dms);
    renderAsUser(<DmsPanel groupId="g1" />);
    expect((await screen.findByTestId('dms-deliveries')).textContent).toContain('29/11/2026 18:35:03');
  });
});
