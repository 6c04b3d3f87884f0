import { describe, expect, it } from 'vitest';
import { moveSpot, percent, spotFromClick } from './spot-keys';

describe('the damage marker by keyboard and mouse', () => {
  it('appears in the centre on the first arrow key, then moves by small or big steps', () => {
    const first = moveSpot(null, 'ArrowRight', false);
    expect(first).toEqual({ x: 0.5, y: 0.5 });
    expect(moveSpot(first, 'ArrowRight', false)).toEqual({ x: 0.52, y: 0.5 });
    expect(moveSpot(first, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 });
    expect(moveSpot(first, 'ArrowDown', false)).toEqual({ x: 0.5, y: 0.52 });
  });

  it('never leaves the picture and ignores other keys', () => {
    expect(moveSpot({ x: 0.95, y: 0.03 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.03 });
    expect(moveSpot({ x: 0.05, y: 0.01 }, 'ArrowUp', false)).toEqual({ x: 0.05, y: 0 });
    expect(moveSpot({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
  });

  it('reads a click as fractions of the picture', () => {
    expect(spotFromClick({ left: 100, top: 50, width: 400, height: 300 }, 200, 200)).toEqual({ x: 0.25, y: 0.5 });
    expect(spotFromClick({ left: 0, top: 0, width: 400, height: 300 }, 500, -5)).toEqual({ x: 1, y: 0 });
    expect(percent(0.253)).toBe(25);
  });
});
