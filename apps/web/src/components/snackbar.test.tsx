import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../test/render';
import { useSnackbar } from './snackbar';

function FormDialog() {
  const snackbar = useSnackbar();
  return (
    <Dialog open aria-label="A form">
      <DialogContent>
        <Button onClick={() => snackbar.show('api.commonError')}>Save</Button>
      </DialogContent>
    </Dialog>
  );
}

describe('a message shown while a dialog is open', () => {
  it('is an alert assistive technology reaches, and its close button is named in the page’s language', async () => {
    const { user } = renderAsUser(<FormDialog />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A modal dialog hides the rest of the page from assistive technology; the refusal must not be hidden with it.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
