import { describe, expect, it } from 'vitest';
import { batches, deviceClass, measuring, recipientToken, type BeaconEvent } from './engagement-beacon';

describe('the player beacon', () => {
  it('splits a long visit into batches the server takes: at most 40 events and well under 4 KB each', () => {
    const events: BeaconEvent[] = [
      { k: 'open' },
      ...Array.from({ length: 70 }, (_, i) => ({ k: 'hotspot' as const, id: `damage-${i}-${'x'.repeat(90)}` })),
      ...Array.from({ length: 36 }, (_, i) => ({ k: 'angle' as const, i, ms: 1200 })),
    ];
    const split = batches(events);
    expect(split.flat()).toEqual(events);
    for (const b of split) {
      expect(b.length).toBeLessThanOrEqual(40);
      expect(
        JSON.stringify({
          ref: 'r'.repeat(22),
          token: 't'.repeat(22),
          visit: 'v'.repeat(32),
          seq: 99,
          device: 'desktop',
          events: b,
        }).length,
      ).toBeLessThan(4096);
    }
    expect(batches([])).toEqual([]);
  });

  it('tells a phone from a tablet and a computer', () => {
    expect(deviceClass(390, 844, true)).toBe('phone');
    expect(deviceClass(1024, 768, true)).toBe('tablet');
    expect(deviceClass(1920, 1080, false)).toBe('desktop');
    expect(deviceClass(390, 844, false)).toBe('desktop');
  });

  it('reads a personal link’s token from its path, or from the query of a link made before', () => {
    expect(recipientToken('/p/AbCdEfGhIjKlMnOp/tok_123', '')).toBe('tok_123');
    expect(recipientToken('/public/player/AbCdEfGhIjKlMnOp', '?r=tok_456')).toBe('tok_456');
    expect(recipientToken('/public/player/AbCdEfGhIjKlMnOp', '')).toBeNull();
    expect(measuring(null)).toBe('none');
  });
});
