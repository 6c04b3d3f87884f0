import type { BoardGrants, BoardUser } from '@forecourt/contracts/user-board';
import { ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth/auth-context';
import { createPortalTheme } from '../../components/theme';
import { renderAsUser } from '../../test/render';
import { UserDialog } from './user-dialog';
import { fetchGrants, fetchUser } from './users-api';

vi.mock('./users-api', () => ({
  fetchGrants: vi.fn(),
  fetchUser: vi.fn(),
  inviteUser: vi.fn(),
  updateUser: vi.fn(),
  userAction: vi.fn(),
}));

const grants: BoardGrants = {
  roles: [],
  habilitations: [],
  setsHabilitations: false,
  models: [],
  options: {},
  stocks: [],
};

const invited: BoardUser = {
  id: 'u1',
  email: 'new@example.com',
  givenName: 'Ada',
  familyName: 'Lovelace',
  roles: [],
  habilitations: [],
  status: 'INVITED',
  signIn: 'EMBEDDED',
  locale: 'en',
  models: [],
  options: {},
  ownerIds: [],
  createdAt: '2026-11-29T18:35:03',
  // Local time, so the test reads the same in every time zone.
  invitationExpiresAt: '2026-12-06T18:35:03',
};

// Spec section 9: DD/MM/YYYY and the language's clock, not the browser's "12/6/2026, 6:35:03 PM".
describe('the user dialog', () => {
  it('dates a pending invitation as the rest of the portal', async () => {
    vi.mocked(fetchGrants).mockResolvedValue(grants);
    vi.mocked(fetchUser).mockResolvedValue(invited);
    renderAsUser(
      <ThemeProvider theme={createPortalTheme(false)}>
        <AuthProvider>
          <UserDialog userId="u1" onClose={() => undefined} />
        </AuthProvider>
      </ThemeProvider>,
    );
    expect(await screen.findByText('Invitation valid until 06/12/2026 06:35 PM')).toBeTruthy();
  });
});
