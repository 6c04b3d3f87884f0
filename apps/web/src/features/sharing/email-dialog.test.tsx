import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playerToShare, renderShareDialog } from './share-dialog.fixtures';
import { EmailDialog } from './email-dialog';
import { postPlayerShared, sendEmail } from './sharing-api';

vi.mock('./sharing-api', () => ({ sendEmail: vi.fn(), postPlayerShared: vi.fn() }));

const player = playerToShare('VIDEO', false);
const dialog = () => renderShareDialog(EmailDialog, player);

describe('the e-mail share dialog', () => {
  beforeEach(() => {
    vi.mocked(sendEmail).mockReset();
    vi.mocked(postPlayerShared).mockReset().mockResolvedValue(undefined);
  });

  it('opens with the subject and a message holding the link', () => {
    dialog();
    expect(screen.getByRole('dialog', { name: 'Send the player by e-mail' })).toBeTruthy();
    expect((screen.getByLabelText('Subject', { exact: false }) as HTMLInputElement).value).toBe(
      'Your vehicle presentation',
    );
    expect((screen.getByLabelText('Message', { exact: false }) as HTMLTextAreaElement).value).toContain(player.url);
  });

  it('refuses a missing or malformed address and sends nothing', async () => {
    const { user } = dialog();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail address is required')).toBeTruthy();
    await user.type(screen.getByLabelText('To', { exact: false }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail address is not valid')).toBeTruthy();
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('says how long a subject may be, the figure in the text', async () => {
    const { user } = dialog();
    await user.type(screen.getByLabelText('To', { exact: false }), 'customer@example.com');
    const subject = screen.getByLabelText('Subject', { exact: false });
    await user.clear(subject);
    await user.click(subject);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too long: 200 characters at most')).toBeTruthy();
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('sends from the user, line breaks as <br>, says so, records the share and closes', async () => {
    vi.mocked(sendEmail).mockResolvedValue(undefined);
    const { user, onClose } = dialog();
    await user.type(screen.getByLabelText('To', { exact: false }), 'customer@example.com');
    await user.type(screen.getByLabelText("Recipient's name"), 'Mr Martin');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail has been sent')).toBeTruthy();
    const sent = vi.mocked(sendEmail).mock.calls[0]![0];
    expect(sent).toMatchObject({
      to: 'customer@example.com',
      subject: 'Your vehicle presentation',
      from: { email: 'dealer@example.com', name: 'Ann Dealer' },
      personalLink: { ref: 'ref1', name: 'Mr Martin' },
    });
    expect(sent.body).toContain('<br>');
    expect(sent.body).not.toContain('\n');
    expect(postPlayerShared).toHaveBeenCalledWith('u1', 'ref1', { source: 'WEB', sharingType: 'EMAIL' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the e-mail could not be sent and keeps what was typed', async () => {
    vi.mocked(sendEmail).mockRejectedValue(new Error('down'));
    const { user, onClose } = dialog();
    await user.type(screen.getByLabelText('To', { exact: false }), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail could not be sent')).toBeTruthy();
    expect((screen.getByLabelText('To', { exact: false }) as HTMLInputElement).value).toBe('customer@example.com');
    expect(onClose).not.toHaveBeenCalled();
  });
});
