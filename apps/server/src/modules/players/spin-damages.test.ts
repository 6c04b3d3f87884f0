import { describe, expect, it } from 'vitest';
import type { ImageRow, SpinDamageRow } from './players.repo';
import { editedFrameIndexes, spinHotspots } from './spin-damages';

const image = (id: string, position: number, imageType: string): ImageRow => ({
  id,
  position,
  imageType,
  blobKey: `k/${id}`,
  width: 1200,
  height: 900,
  updatedAt: '2026-03-02T09:00:00.000Z',
});
const damage = (id: string, spotImageId: string, photo: ImageRow | null = null): SpinDamageRow => ({
  id,
  spotImageId,
  x: 0.3,
  y: 0.7,
  zone: 'REAR',
  kind: 'SCRATCH',
  severity: 'MINOR',
  photo,
});

describe('the hotspots of a spin', () => {
  const frames = [image('a', 1, 'STAMPED'), image('b-lpc', 2, 'STAMPED_LPC'), image('c-crop', 3, 'STAMPED_CROPPED')];

  it('puts each damage on the frame of the picture it was placed on, with its photo behind the player link', () => {
    const [hotspot] = spinHotspots('Ref_0123456789abcdef', frames, [damage('d1', 'b-lpc', image('p', 1, 'ORIGINAL'))]);
    expect(hotspot).toMatchObject({ id: 'd1', frame: 1, x: 0.3, y: 0.7, kind: 'SCRATCH' });
    expect(hotspot!.photoUrl).toMatch(
      /^\/api\/external\/legacy\/players\/Ref_0123456789abcdef\/damages\/d1\/photo\.jpg\?v=[\w-]{16}$/,
    );
  });

  it('leaves out a damage whose picture is no longer a frame (the position was edited since, the vehicle may have moved)', () => {
    expect(
      spinHotspots('Ref_0123456789abcdef', frames, [damage('d1', 'b-original'), damage('d2', 'a')]).map((h) => h.id),
    ).toEqual(['d2']);
  });

  it('names the frames whose background was replaced or plate covered', () => {
    expect(editedFrameIndexes(frames)).toEqual([1, 2]);
    expect(editedFrameIndexes([image('x', 1, 'ORIGINAL'), image('y', 2, 'STAMPED')])).toEqual([]);
  });
});
