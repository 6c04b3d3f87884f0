import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../auth/auth-context';
import { renderAsUser } from '../../test/render';
import { RoomClosed } from './room-screens';

// A late guest, not signed in, opens the link of a room that has ended.
describe('an ended room’s page', () => {
  it('says the meeting has ended and whom to ask for a new link, with no way into the call', () => {
    renderAsUser(
      <AuthProvider>
        <RoomClosed ownerName="Demo Motors Paris" />
      </AuthProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This meeting has ended' })).toBeTruthy();
    expect(screen.getByText(/ask Demo Motors Paris for a new link/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
