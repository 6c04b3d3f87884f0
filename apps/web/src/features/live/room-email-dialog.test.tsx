import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { postRoomShared, sendRoomEmail } from './live-api';
import { RoomEmailDialog } from './room-email-dialog';

vi.mock('./live-api', () => ({ sendRoomEmail: vi.fn(), postRoomShared: vi.fn() }));

const room = { id: 'r1', name: 'Test drive Clio', link: 'https://example.test/videos/live/rooms/r1?code=c' };

async function send(canReadOutbox: boolean) {
  const { user } = renderAsUser(
    <RoomEmailDialog open onClose={vi.fn()} room={room} userId="u1" canReadOutbox={canReadOutbox} />,
  );
  await user.type(screen.getByLabelText('To', { exact: false }), 'customer@example.com');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('The e-mail has been sent')).toBeTruthy();
}

describe('the meeting invitation dialog', () => {
  beforeEach(() => {
    vi.mocked(sendRoomEmail).mockReset().mockResolvedValue(undefined);
    vi.mocked(postRoomShared).mockReset().mockResolvedValue(undefined);
  });

  it('sends the message’s language and this browser’s time zone, in which the server states the date', async () => {
    await send(false);
    expect(vi.mocked(sendRoomEmail).mock.calls[0]![1]).toMatchObject({
      to: 'customer@example.com',
      subject: 'Invitation: Test drive Clio',
      language: 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The test's dialog stays open (its onClose is a spy), which hides the page behind it: hidden included.
    expect(screen.queryByRole('link', { name: 'See it in the outbox', hidden: true })).toBeNull();
  });

  it('links a provider administrator’s success message to the outbox', async () => {
    await send(true);
    expect(screen.getByRole('link', { name: 'See it in the outbox', hidden: true }).getAttribute('href')).toBe(
      '/notifications/outbox',
    );
  });
});
