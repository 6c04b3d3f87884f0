import type { VehiclePlayerEvent } from '@forecourt/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../../test/render';
import { PlayerEntry } from './other-entries';

const playerLink = (average: number | null): VehiclePlayerEvent => ({
  kind: 'PLAYER_LINK',
  at: '2026-11-29T18:35:03',
  ref: 'abc123',
  marketplace: 'AUTOSCOUT',
  shootingId: 's1',
  shootingType: 'STANDARD',
  views: 5,
  lastViewedAt: null,
  ratings: { count: 2, average },
});

// As the statistics write it: one decimal always, so "4" does not sit beside "4.5" elsewhere.
describe('a player link on the vehicle page', () => {
  it('writes the average rating with one decimal', () => {
    renderAsUser(<PlayerEntry event={playerLink(4)} />);
    expect(screen.getByText('Ratings: 2, average 4.0/5')).toBeTruthy();
  });
});
