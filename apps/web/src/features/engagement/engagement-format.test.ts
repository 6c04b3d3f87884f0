import { describe, expect, it } from 'vitest';
import { formatDuration, spinSummary } from './engagement-format';

describe('engagement figures as the panel shows them', () => {
  it('writes durations in the reader’s language', () => {
    expect(formatDuration(8_460, 'en')).toBe('8.5 sec');
    expect(formatDuration(42_000, 'en')).toBe('42 sec');
    expect(formatDuration(185_000, 'en')).toBe('3 min 5 sec');
    expect(formatDuration(3_720_000, 'en')).toBe('1 hr 2 min');
    expect(formatDuration(8_460, 'fr')).toMatch(/^8,5\ss$/); // ICU puts a narrow no-break space
  });

  it('turns spin frames into directions and leaves out frames never on screen', () => {
    const s = spinSummary(
      [
        { frame: 0, ms: 1200 },
        { frame: 9, ms: 0 },
        { frame: 18, ms: 4000 },
      ],
      36,
    );
    expect(s).toEqual({
      seen: 2,
      angles: [
        { frame: 0, degrees: 0, ms: 1200 },
        { frame: 18, degrees: 180, ms: 4000 },
      ],
    });
  });
});
