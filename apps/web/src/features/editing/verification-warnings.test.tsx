import type { ShootingImage } from '@forecourt/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { fetchVerifications } from './editing-api';
import { VerificationWarnings } from './verification-warnings';

vi.mock('./editing-api', () => ({ fetchVerifications: vi.fn() }));

const image = (order: number, imageType: ShootingImage['imageType']): ShootingImage => ({
  id: `img-${order}-${imageType}`,
  url: '/x.jpg',
  thumbnailUrl: null,
  order,
  imageType,
  isLabelImage: false,
  maskId: null,
  stampId: null,
  format: '4/3',
});

describe('the quality warnings after a crop', () => {
  it('numbers pictures as the gallery does: the first position is Picture 1', async () => {
    vi.mocked(fetchVerifications).mockResolvedValue({
      verifications: [
        {
          imageId: 'img-0-ORIGINAL_CROPPED',
          position: 0,
          imageType: 'ORIGINAL_CROPPED',
          warnings: ['VEHICLE_CUT_OFF'],
          checkedAt: '2026-11-29T02:00:00.000Z',
        },
      ],
    });
    renderAsUser(
      <VerificationWarnings
        shootingId="s1"
        images={[image(0, 'ORIGINAL'), image(0, 'ORIGINAL_CROPPED'), image(1, 'ORIGINAL')]}
      />,
    );
    const banner = await screen.findByTestId('quality-warnings');
    expect(banner.textContent).toMatch(/^Picture 1, /);
    expect(banner.textContent).toContain('vehicle cut off by the frame');
  });
});
