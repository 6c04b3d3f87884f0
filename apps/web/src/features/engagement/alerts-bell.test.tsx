import type { EngagementAlert } from '@forecourt/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { AlertsBell } from './alerts-bell';
import { getAlerts } from './engagement-api';

vi.mock('./engagement-api', () => ({ getAlerts: vi.fn(), markAlertsRead: vi.fn(), callNow: vi.fn() }));
vi.mock('./use-alert-stream', () => ({ useAlertStream: vi.fn() }));

const alert = (id: string, recipientName: string, minutesAgo: number): EngagementAlert => ({
  id,
  token: 'tok',
  recipientName,
  reachable: 'NONE',
  vehicle: 'Golf GTI',
  shootingId: 's1',
  ownerId: 'o1',
  productId: 'p1',
  device: 'phone',
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  read: true,
});

describe('the alert centre', () => {
  it('says "is looking at … now" only for a recent visit, "looked at" for one hours old', async () => {
    vi.mocked(getAlerts).mockResolvedValue({
      items: [alert('a1', 'Mr Martin', 1), alert('a2', 'Ms Durand', 180)],
      unread: 0,
    });
    const { user } = renderAsUser(<AlertsBell />);
    await user.click(await screen.findByRole('button', { name: /Alerts/ }));
    expect(await screen.findByText('Mr Martin is looking at the Golf GTI now')).toBeTruthy();
    expect(screen.getByText('Ms Durand looked at the Golf GTI')).toBeTruthy();
    expect(screen.queryByText(/Ms Durand is looking/)).toBeNull();
  });
});
