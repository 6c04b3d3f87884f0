import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { fetchRecordings } from './live-api';
import { RoomRecordings } from './room-recordings';

vi.mock('./live-api', () => ({
  fetchRecordings: vi.fn(),
  fetchRecordingDownload: vi.fn(),
  setRecording: vi.fn(),
  shareRecording: vi.fn(),
}));

// Spec section 9: DD/MM/YYYY and the language's clock, not the browser's short style ("11/29/26, 6:35 PM").
describe('a room’s recordings', () => {
  it('dates a recording as the rest of the portal', async () => {
    vi.mocked(fetchRecordings).mockResolvedValue({
      available: true,
      items: [
        {
          id: 'r1',
          // Local time, so the test reads the same in every time zone.
          startedAt: '2026-11-29T18:35:03',
          durationMs: 65_000,
          status: 'ready',
          sizeBytes: 1_000_000,
          shareUrl: null,
        },
      ],
    });
    renderAsUser(<RoomRecordings roomId="room1" />);
    expect((await screen.findByTestId('recording')).textContent).toContain('29/11/2026 06:35 PM');
  });
});
