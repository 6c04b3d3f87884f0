import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { postLiveScoring } from './live-api';
import { LiveRating } from './live-rating';

vi.mock('./live-api', () => ({ postLiveScoring: vi.fn() }));

// jsdom lays nothing out: a hover over the stars would read a NaN score from their (zero) sizes.
const withoutHover = () => userEvent.setup({ delay: null, skipHover: true });

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('the rating of a call', () => {
  it('waits for a score, then sends it with the comment and thanks the visitor', async () => {
    vi.mocked(postLiveScoring).mockResolvedValue(undefined);
    renderAsUser(<LiveRating roomId="room1" code="1234" />);
    const user = withoutHover();
    expect(sendButton().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), '  Clear and quick  ');
    expect(screen.getByText('19/255')).toBeTruthy();
    await user.click(sendButton());
    expect((await screen.findByRole('status')).textContent).toBe('Thank you for your rating!');
    expect(postLiveScoring).toHaveBeenCalledWith({
      id_live_video: 'room1',
      code: '1234',
      score: 4,
      comment: 'Clear and quick',
    });
  });

  it('says when the rating could not be sent and lets the visitor try again', async () => {
    vi.mocked(postLiveScoring).mockRejectedValue(new Error('down'));
    renderAsUser(<LiveRating roomId="room1" code="1234" />);
    const user = withoutHover();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.click(sendButton());
    expect(await screen.findByText('Your rating could not be sent.')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });
});
