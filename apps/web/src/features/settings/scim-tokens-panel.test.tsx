import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { fetchScimTokens } from './federation-api';
import { ScimTokensPanel } from './scim-tokens-panel';

vi.mock('./federation-api', () => ({
  fetchScimTokens: vi.fn(),
  createScimToken: vi.fn(),
  revokeScimToken: vi.fn(),
  federationKeys: { scimTokens: (groupId: string) => ['scim-tokens', groupId] },
}));

// Spec section 9: DD/MM/YYYY and the language's clock, not the browser's "11/29/2026, 6:35:03 PM".
describe('the SCIM tokens panel', () => {
  it('dates a token’s creation, last use and revocation as the rest of the portal', async () => {
    vi.mocked(fetchScimTokens).mockResolvedValue({
      items: [
        {
          id: 't1',
          groupId: 'g1',
          label: 'Entra ID',
          // Local times, so the test reads the same in every time zone.
          createdAt: '2026-11-02T09:05:00',
          createdBy: 'admin@example.com',
          lastUsedAt: '2026-11-29T18:35:03',
          revokedAt: '2026-11-30T07:00:00',
        },
      ],
    });
    renderAsUser(<ScimTokensPanel groupId="g1" />);
    const table = await screen.findByTestId('scim-tokens');
    expect(table.textContent).toContain('02/11/2026 09:05 AM');
    expect(table.textContent).toContain('29/11/2026 06:35 PM');
    expect(table.textContent).toContain('30/11/2026 07:00 AM');
  });
});
