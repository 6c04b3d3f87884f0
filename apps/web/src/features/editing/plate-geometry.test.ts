import { describe, expect, it } from 'vitest';
import { centredPlate, cornerMovedByKey } from './plate-geometry';

const size = { width: 1000, height: 750 };

describe('plate corners by keyboard', () => {
  it('moves a corner by 1/200 of the longer side a press, ten times that with Shift, and never off the picture', () => {
    expect(cornerMovedByKey({ x: 100, y: 100 }, 'ArrowRight', false, size)).toEqual({ x: 105, y: 100 });
    expect(cornerMovedByKey({ x: 100, y: 100 }, 'ArrowUp', true, size)).toEqual({ x: 100, y: 50 });
    expect(cornerMovedByKey({ x: 2, y: 748 }, 'ArrowLeft', false, size)).toEqual({ x: 0, y: 748 });
    expect(cornerMovedByKey({ x: 2, y: 748 }, 'ArrowDown', false, size)).toEqual({ x: 2, y: 750 });
    expect(cornerMovedByKey({ x: 2, y: 2 }, 'Enter', false, size)).toBeNull();
  });

  it('adds a plate-shaped outline in the middle of the picture', () => {
    expect(centredPlate(1000, 750)).toEqual([
      { x: 400, y: 345 },
      { x: 600, y: 345 },
      { x: 600, y: 405 },
      { x: 400, y: 405 },
    ]);
  });
});
