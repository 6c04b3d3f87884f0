import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { createRoom, fetchOwners } from './live-api';
import { RoomFormDialog } from './room-form-dialog';

vi.mock('./live-api', () => ({ fetchOwners: vi.fn(), createRoom: vi.fn() }));

describe('the new meeting dialog’s registration', () => {
  beforeEach(() => {
    vi.mocked(fetchOwners)
      .mockReset()
      .mockResolvedValue([{ id: 'own-paris', name: 'Demo Motors Paris', label: 'Paris' }]);
    vi.mocked(createRoom).mockReset();
  });

  it('refuses an emoji with the shootings’ field message, and a plate of more than 20 characters', async () => {
    const { user } = renderAsUser(<RoomFormDialog open onClose={vi.fn()} userId="u1" />);
    const field = screen.getByLabelText('Vehicle registration (optional)');
    await user.type(field, 'AB-123 🚗');
    await user.tab();
    expect(await screen.findByText('Letters, digits, spaces and dashes only (no emoji or symbols)')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'AB-123-CD-456-EF-789-G');
    expect(await screen.findByText('At most 20 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(createRoom).not.toHaveBeenCalled();
  });

  it('says how long a meeting name may be', async () => {
    const { user } = renderAsUser(<RoomFormDialog open onClose={vi.fn()} userId="u1" />);
    await user.click(screen.getByLabelText('Name', { exact: false }));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Too long: 100 characters at most')).toBeTruthy();
    expect(createRoom).not.toHaveBeenCalled();
  });

  it('takes an accented plate, or none', async () => {
    const { user } = renderAsUser(<RoomFormDialog open onClose={vi.fn()} userId="u1" />);
    const field = screen.getByLabelText('Vehicle registration (optional)');
    await user.type(field, 'TÜ-AB 123');
    await user.tab();
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('The vehicle whose 360 view you can show during the call')).toBeTruthy();
  });
});
