import { describe, expect, it } from 'vitest';
import { NO_SPEAKER, nextSpeaker, READINGS_TO_SWITCH, type SpeakerState } from './dominant-speaker';

const levels = (entries: Record<string, number>) => new Map(Object.entries(entries));
const read = (readings: Record<string, number>[], from: SpeakerState = NO_SPEAKER) =>
  readings.reduce((s, r) => nextSpeaker(s, levels(r)), from);

describe('the dominant speaker', () => {
  it('is nobody until someone speaks above the threshold, then the first to speak at once', () => {
    expect(read([{ a: 0.01, b: 0 }])).toEqual(NO_SPEAKER);
    expect(read([{ a: 0.01, b: 0.3 }]).speaker).toBe('b');
  });

  it('goes to another only after they were the loudest for readings in a row', () => {
    const a = read([{ a: 0.5 }]);
    expect(READINGS_TO_SWITCH).toBeGreaterThan(1);
    expect(read([{ a: 0.1, b: 0.4 }], a).speaker).toBe('a');
    expect(
      read(
        Array.from({ length: READINGS_TO_SWITCH }, () => ({ a: 0.1, b: 0.4 })),
        a,
      ).speaker,
    ).toBe('b');
  });

  it('keeps the speaker through a single loud reading of others, silence, or two voices taking turns', () => {
    const a = read([{ a: 0.5 }]);
    expect(read([{ b: 0.4 }, { a: 0.4 }, { b: 0.4 }], a).speaker).toBe('a');
    expect(read([{ b: 0.4 }, {}, { b: 0.4 }], a).speaker).toBe('a');
    expect(read([{ b: 0.4 }, { c: 0.4 }, { b: 0.4 }], a).speaker).toBe('a');
  });

  it('answers the same state when nothing changes (no re-render)', () => {
    const a = read([{ a: 0.5 }]);
    expect(nextSpeaker(a, levels({ a: 0.6 }))).toBe(a);
    expect(nextSpeaker(a, levels({}))).toBe(a);
  });
});
