import { ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth/auth-context';
import { createPortalTheme } from '../../components/theme';
import { renderAsUser } from '../../test/render';
import { fakeLocalMedia } from './hooks/local-media.fixtures';
import { RoomPreview } from './room-preview';

const media = fakeLocalMedia();

const room = {
  id_live_video: 'r1',
  session_name: 'Test drive Clio',
  room_name: 'room-1',
  appointment_date: '2026-12-01 13:30:00',
  link: 'https://example.test/videos/live/rooms/r1?code=c',
  ownerName: 'Demo Motors Paris',
  logoUrl: '/logo.png',
  contactInformations: [],
  vehicle: null,
  ended: false,
};

// A visitor, not signed in: the room page is public.
describe('the live room’s header before joining', () => {
  it('draws the dealer’s logo on a light surface of its own in the dark theme (issue 34 point 9)', () => {
    renderAsUser(
      <AuthProvider>
        <ThemeProvider theme={createPortalTheme(true)}>
          <RoomPreview room={room} media={media} failed={false} onJoin={vi.fn()} />
        </ThemeProvider>
      </AuthProvider>,
    );
    const logo = screen.getByRole('img', { name: 'Demo Motors Paris' });
    expect(getComputedStyle(logo).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(screen.getByRole('heading', { level: 1, name: 'Test drive Clio' })).toBeTruthy();
  });
});
