import { describe, expect, it } from 'vitest';
import { shootingVideo as video } from '../../components/video-view.fixtures';
import { displayVin, isNotSynchronised, offeredArchives, pictureNumber, shootingActions } from './detail-rules';

const VIRTUAL = 'Virtual_6f1c0c8e-7d3a-4c55-9a4f-1d2e3f4a5b6c';

describe('detail rules', () => {
  it('numbers pictures from 1 whether their stored orders start at 0 or 1, a picture and its edits alike', () => {
    const uploaded = [{ order: 0 }, { order: 1 }, { order: 1 }, { order: 2 }];
    expect(uploaded.map((i) => pictureNumber(uploaded, i.order))).toEqual([1, 2, 2, 3]);
    const imported = [{ order: 1 }, { order: 2 }, { order: 3 }];
    expect(imported.map((i) => pictureNumber(imported, i.order))).toEqual([1, 2, 3]);
  });

  it('warns for a virtual product of a real owner, on STANDARD and VIDEO only', () => {
    expect(isNotSynchronised({ productType: 'VIRTUAL', vin: VIRTUAL, ownerId: 'own-demo-paris' }, 'STANDARD')).toBe(
      true,
    );
    expect(isNotSynchronised({ productType: 'VIRTUAL', vin: VIRTUAL, ownerId: 'own-demo-paris' }, 'VIDEO')).toBe(true);
    expect(isNotSynchronised({ productType: 'VIRTUAL', vin: VIRTUAL, ownerId: 'own-demo-paris' }, 'INSPECTION')).toBe(
      false,
    );
    expect(isNotSynchronised({ productType: 'VIRTUAL', vin: VIRTUAL, ownerId: 'VIRTUAL_42' }, 'STANDARD')).toBe(false);
    expect(isNotSynchronised({ productType: 'CAR', vin: 'VF1AAAA', ownerId: 'own-demo-paris' }, 'STANDARD')).toBe(
      false,
    );
  });

  it('cuts a virtual vin to 15 characters and an ellipsis, leaves a real one', () => {
    expect(displayVin(VIRTUAL)).toBe('Virtual_6f1c0c8…');
    expect(displayVin('VF1RFB00123456789')).toBe('VF1RFB00123456789');
  });

  it('offers exactly the actions of the type and options', () => {
    const all = () => true;
    const none = () => false;
    const car = { productType: 'CAR' as const, vin: 'VF1', videos: [] };
    expect(shootingActions('STANDARD', car, all)).toEqual({
      downloadMenu: true,
      deleteShooting: true,
      deleteVideo: false,
      downloadVideo: false,
      resendDms: true,
    });
    expect(shootingActions('STANDARD', car, none)).toEqual({
      downloadMenu: true,
      deleteShooting: false,
      deleteVideo: false,
      downloadVideo: false,
      resendDms: false,
    });
    expect(shootingActions('STANDARD', { ...car, productType: 'VIRTUAL', vin: VIRTUAL }, all).resendDms).toBe(false);
    expect(shootingActions('VIDEO', { ...car, videos: [video('ORIGINAL', 'YOUTUBE')] }, all)).toEqual({
      downloadMenu: false,
      deleteShooting: false,
      deleteVideo: true,
      downloadVideo: true,
      resendDms: false,
    });
    expect(shootingActions('VIDEO', { ...car, videos: [video('ORIGINAL', 'STAMPYT')] }, all).deleteVideo).toBe(false);
    expect(shootingActions('INSPECTION', car, all)).toEqual({
      downloadMenu: false,
      deleteShooting: false,
      deleteVideo: false,
      downloadVideo: false,
      resendDms: false,
    });
  });

  it('offers only the archives that would hold pictures', () => {
    const of = (...types: string[]) => offeredArchives(types.map((imageType) => ({ imageType }) as never));
    expect(of('ORIGINAL', 'ORIGINAL_LPC')).toEqual(['ORIGINAL_WITHOUT_PROCESSES', 'ORIGINAL_WITH_PROCESSES']);
    expect(of('ORIGINAL', 'STAMPED')).toEqual([
      'ORIGINAL_WITHOUT_PROCESSES',
      'ORIGINAL_WITH_PROCESSES',
      'STAMPED_WITH_PROCESSES',
    ]);
    expect(of('STAMPED_CROPPED')).toEqual(['STAMPED_WITH_PROCESSES']);
    expect(of()).toEqual([]);
  });
});
