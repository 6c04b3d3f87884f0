import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playerToShare, renderShareDialog } from './share-dialog.fixtures';
import { postPlayerShared, sendSms } from './sharing-api';
import { SmsDialog } from './sms-dialog';

vi.mock('./sharing-api', () => ({ sendSms: vi.fn(), postPlayerShared: vi.fn() }));

const player = playerToShare('STANDARD', true);
const dialog = () => renderShareDialog(SmsDialog, player);

describe('the SMS share dialog', () => {
  beforeEach(() => {
    vi.mocked(sendSms).mockReset();
    vi.mocked(postPlayerShared).mockReset().mockResolvedValue(undefined);
  });

  it('warns that the player is still being prepared and counts the characters of the text', async () => {
    dialog();
    expect(screen.getByTestId('player-preparing').textContent).toContain('still being processed');
    const text = screen.getByLabelText('Text', { exact: false }) as HTMLTextAreaElement;
    expect(text.value).toContain(player.url);
    expect(screen.getByText(`${text.value.length}/160`)).toBeTruthy();
  });

  it('tells what the SMS costs as received: the personal link counted, 70 characters a part past the SMS alphabet', async () => {
    const { user } = dialog();
    const text = screen.getByLabelText('Text', { exact: false }) as HTMLTextAreaElement;
    // The default text with its link made personal (23 more characters) stays within one SMS.
    const length = text.value.length + 23;
    expect(screen.getByTestId('sms-cost').textContent).toBe(
      `As received, with the personal link: ${length} characters, 1 SMS`,
    );
    await user.click(text);
    await user.paste(' In 360°, see you soon at the dealership!');
    expect(screen.getByTestId('sms-cost').textContent).toBe(
      `As received, with the personal link: ${length + 41} characters, 2 SMS “°” is not in the SMS alphabet: 70 characters per SMS instead of 160.`,
    );
  });

  it('refuses a number that is not a phone number, and a text over 160 characters', async () => {
    const { user } = dialog();
    await user.type(await screen.findByLabelText('Mobile number', { exact: false }), '12');
    const text = screen.getByLabelText('Text', { exact: false });
    await user.clear(text);
    await user.click(text);
    await user.paste('x'.repeat(161));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid international phone number')).toBeTruthy();
    expect(screen.getByText('Too long: 160 characters at most · 161/160')).toBeTruthy();
    expect(sendSms).not.toHaveBeenCalled();
  });

  it('sends to the number in international form, says so and closes', async () => {
    vi.mocked(sendSms).mockResolvedValue(undefined);
    const { user, onClose } = dialog();
    await user.type(await screen.findByLabelText('Mobile number', { exact: false }), '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The SMS has been sent')).toBeTruthy();
    expect(vi.mocked(sendSms).mock.calls[0]![0]).toMatchObject({ to: '+33612345678' });
    expect(onClose).toHaveBeenCalled();
    // Only a VIDEO player's share is counted (spec section 7).
    expect(postPlayerShared).not.toHaveBeenCalled();
  });

  it('warns when the text no longer holds the player link, and lists the new recipient in "Who watched" at once', async () => {
    vi.mocked(sendSms).mockResolvedValue(undefined);
    const { user, queryClient } = dialog();
    const panel = ['engagement', 'panel', 'shooting', 's1'];
    queryClient.setQueryData(panel, { recipients: [] });
    const text = screen.getByLabelText('Text', { exact: false });
    expect(screen.queryByTestId('missing-link')).toBeNull();
    await user.clear(text);
    await user.type(text, 'Your car is ready');
    expect(screen.getByTestId('missing-link').textContent).toBe(
      `The text no longer holds the link ${player.url}: the recipient would have nothing to open.`,
    );
    // The link wraps on a phone rather than being cut off.
    expect(getComputedStyle(screen.getByTestId('missing-link')).overflowWrap).toBe('anywhere');
    await user.type(await screen.findByLabelText('Mobile number', { exact: false }), '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The SMS has been sent')).toBeTruthy();
    expect(queryClient.getQueryState(panel)?.isInvalidated).toBe(true);
  });
});
