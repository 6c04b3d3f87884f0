import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { CallEnded } from './call-ended';

// The room's dealer hung up while others are still in the call.
describe('the end of a call for the room’s dealer', () => {
  it('ends the meeting for everyone only once confirmed, and keeps the dialog with an error when refused', async () => {
    const end = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    const { user } = renderAsUser(
      <CallEnded signedIn roomId="room-1" code={null} onBackToCall={() => undefined} onEndForAll={end} />,
    );
    await user.click(screen.getByRole('button', { name: 'End the meeting for everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the meeting for everyone?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(end).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'End the meeting for everyone' }));
    await user.click(await screen.findByRole('button', { name: 'End the meeting' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The meeting could not be ended. Try again.',
    );
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End the meeting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(end).toHaveBeenCalledTimes(2);
  });

  it('offers no such button to a guest', () => {
    renderAsUser(<CallEnded signedIn={false} roomId="room-1" code="c" onBackToCall={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'End the meeting for everyone' })).toBeNull();
  });
});
