import type { Damage, VehiclePicture } from '@forecourt/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../../test/render';
import { DamageSpotDialog } from './damage-spot-dialog';

const damage: Damage = {
  id: 'dm1',
  zone: 'FRONT',
  kind: 'SCRATCH',
  severity: 'MINOR',
  note: '',
  estimatedCostCents: 0,
  photo: null,
  spot: null,
  created: '2026-11-29T18:35:03',
  updated: '2026-11-29T18:35:03',
};

const picture = (id: string, shootingId: string, shootingCreated: string): VehiclePicture => ({
  id,
  shootingId,
  shootingType: 'STANDARD',
  shootingCreated,
  order: 1,
  url: `/pictures/${id}.jpg`,
  thumbnailUrl: null,
});

// Spec section 9: DD/MM/YYYY in every language, not the browser's "3/7/2026".
describe('placing a damage on a picture', () => {
  it('names another shooting of the vehicle by its date, as the rest of the portal dates', () => {
    renderAsUser(
      <DamageSpotDialog
        damage={damage}
        shootingId="s1"
        // Local time, so the test reads the same in every time zone.
        pictures={[picture('p1', 's1', '2026-11-29T18:35:03'), picture('p2', 's0', '2026-03-07T15:04:00')]}
        busy={false}
        onSave={() => undefined}
        onRemove={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText(/shooting of 07\/03\/2026$/)).toBeTruthy();
  });
});
