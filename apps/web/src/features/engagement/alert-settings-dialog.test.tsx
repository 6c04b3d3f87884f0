import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { AlertSettingsDialog } from './alert-settings-dialog';
import { getAlertPreferences, saveAlertPreferences } from './engagement-api';

vi.mock('./engagement-api', () => ({ getAlertPreferences: vi.fn(), saveAlertPreferences: vi.fn() }));

describe('the alert settings', () => {
  it('names a quiet-hours time left empty instead of sending it to be refused', async () => {
    vi.mocked(getAlertPreferences).mockResolvedValue({
      inApp: true,
      email: false,
      quietFrom: '20:00',
      quietTo: '08:00',
      timeZone: 'Europe/Paris',
    });
    const { user } = renderAsUser(<AlertSettingsDialog onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(saveAlertPreferences).not.toHaveBeenCalled();
  });
});
