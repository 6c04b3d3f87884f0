import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { PlateQuadEditor } from './plate-quad-editor';

describe('the plate outline editor', () => {
  it('lets a keyboard user reach each corner by Tab and move it with the arrow keys', () => {
    const onChange = vi.fn();
    const plate = [
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 200, y: 150 },
      { x: 100, y: 150 },
    ] as const;
    renderAsUser(<PlateQuadEditor src="/p.jpg" width={1000} height={750} plates={[[...plate]]} onChange={onChange} />);
    const corner = screen.getByRole('button', { name: /^Corner 3 of plate 1/ });
    expect(corner.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(corner, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenCalledWith([[plate[0], plate[1], { x: 195, y: 150 }, plate[3]]]);
  });
});
