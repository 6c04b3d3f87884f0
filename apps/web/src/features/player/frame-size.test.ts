import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, pickFrameWidth, wrapFrame } from './frame-size';
import { widthOfFrameUrl } from './use-frame-loader';

describe('pickFrameWidth', () => {
  it('gives a phone the small file and a high-density screen a sharp one', () => {
    expect(pickFrameWidth(360, 1)).toBe(480);
    expect(pickFrameWidth(360, 3)).toBe(1080);
    expect(pickFrameWidth(1000, 1)).toBe(1080);
    expect(pickFrameWidth(1000, 2)).toBe(1920);
    expect(pickFrameWidth(2600, 2)).toBe(1920);
    expect(pickFrameWidth(700, 0.5)).toBe(768);
  });
});

describe('spin geometry', () => {
  it('wraps frames both ways', () => {
    expect(wrapFrame(36, 36)).toBe(0);
    expect(wrapFrame(-1, 36)).toBe(35);
    expect(wrapFrame(73.4, 36)).toBe(1);
  });
  it('keeps zoom within 1..4 and the zoomed image over its box', () => {
    expect(clampZoom(0.3)).toBe(1);
    expect(clampZoom(9)).toBe(4);
    expect(clampPan({ x: 500, y: -500 }, 2, { width: 400, height: 300 })).toEqual({ x: 200, y: -150 });
    expect(clampPan({ x: 50, y: 5 }, 1, { width: 400, height: 300 })).toEqual({ x: 0, y: 0 });
  });
});

describe('widthOfFrameUrl', () => {
  it('reads the variant width the browser chose from a srcset', () => {
    expect(
      widthOfFrameUrl(
        'http://127.0.0.1:8080/api/external/legacy/players/AbCdEfGhIjKlMnOpQrStUv/frames/0/768.webp?v=x_1',
      ),
    ).toBe(768);
    expect(widthOfFrameUrl('/api/external/legacy/players/AbCdEfGhIjKlMnOpQrStUv/frames/12/1920.jpg')).toBe(1920);
    expect(widthOfFrameUrl('/favicon.svg')).toBeNull();
  });
});
