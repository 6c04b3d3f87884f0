import { describe, expect, it } from 'vitest';
import { hasRated, markRated } from './rated-players';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('rated players', () => {
  it('remembers the players rated in this browser, the 50 latest', () => {
    const storage = memory();
    expect(hasRated('ref-a', storage)).toBe(false);
    markRated('ref-a', storage);
    expect(hasRated('ref-a', storage)).toBe(true);
    for (let n = 0; n < 50; n++) markRated(`ref-${n}`, storage);
    expect(hasRated('ref-a', storage)).toBe(false);
    expect(hasRated('ref-49', storage)).toBe(true);
  });

  it('reads a damaged entry as nothing rated', () => {
    const storage = memory();
    storage.setItem('forecourt.ratedPlayers', '{oops');
    expect(hasRated('ref-a', storage)).toBe(false);
    markRated('ref-a', storage);
    expect(hasRated('ref-a', storage)).toBe(true);
  });
});
