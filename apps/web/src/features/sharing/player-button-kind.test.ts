import { describe, expect, it } from 'vitest';
import { playerButtonKind } from './player-button-kind';

describe('playerButtonKind', () => {
  it('offers the sending dropdown for STANDARD, VIDEO and repair orders when the user may send', () => {
    for (const type of ['STANDARD', 'VIDEO', 'INSPECTION_REPAIR_ORDER'] as const) {
      expect(playerButtonKind(type, true, false)).toBe('dropdown');
      expect(playerButtonKind(type, false, true)).toBe('dropdown');
      expect(playerButtonKind(type, false, false)).toBe('plain');
    }
  });
  it('always gives INSPECTION a plain button', () => {
    expect(playerButtonKind('INSPECTION', true, true)).toBe('plain');
  });
});
