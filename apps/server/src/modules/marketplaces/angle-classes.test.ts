import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectPlates } from '../vision/detect-plates';
import { measureAngleFeatures } from './angle-features';
import { findCircles } from './angle-circles';
import { classifyAngle } from './angle-rules';

// The classes the plates photos do not show (side, wheel, interior, dashboard) are named by classical rules; these
// drawn pictures check the rules and the measures behind them. They say nothing of accuracy on photos (the few real
// side and wheel photos of Debian packages are scored by the angles bench, decision 0074).

const W = 480;
const H = 300;

/** A drawn picture (SVG) and a vehicle mask drawn from the same shapes, as IS-Net would give for it. */
async function picture(body: string, maskBody: string) {
  const svg = (inner: string, bg: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${bg}"/>${inner}</svg>`,
    );
  const image = await sharp(svg(body, '#d8dde2')).jpeg({ quality: 92 }).toBuffer();
  const alpha = await sharp(svg(maskBody, 'black')).extractChannel(0).raw().toBuffer();
  const segment = async () => ({ width: W, height: H, alpha });
  return classifyAngle(await measureAngleFeatures(image, { detect: detectPlates, segment }));
}

const wheel = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#151515"/><circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#b9bec4" stroke="#555" stroke-width="3"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="#333"/>`;

describe('angle classes without labelled photos', () => {
  it('names a long vehicle with two wheels and no plate a side view', async () => {
    const car = `<path d="M40 190 L60 140 L150 130 L200 90 L330 90 L380 135 L440 145 L445 190 Z" fill="#2b4c7e"/>`;
    const verdict = await picture(
      car + wheel(120, 195, 34) + wheel(370, 195, 34),
      car.replace('#2b4c7e', 'white') +
        `<circle cx="120" cy="195" r="34" fill="white"/><circle cx="370" cy="195" r="34" fill="white"/>`,
    );
    expect(verdict).toMatchObject({ angle: 'side' });
  });

  it('names one wheel filling the frame a wheel', async () => {
    const spokes = [0, 72, 144, 216, 288]
      .map((a) => `<rect x="236" y="70" width="8" height="80" fill="#6b7077" transform="rotate(${a} 240 150)"/>`)
      .join('');
    const verdict = await picture(wheel(240, 150, 135) + spokes, `<circle cx="240" cy="150" r="135" fill="white"/>`);
    expect(verdict).toMatchObject({ angle: 'wheel' });
  });

  it('names a dark picture without a vehicle and with a steering wheel a dashboard, without one an interior', async () => {
    const cabin = `<rect width="${W}" height="${H}" fill="#1c1c1e"/><rect x="0" y="40" width="${W}" height="70" fill="#2a2a2d"/>`;
    const steering = `<circle cx="170" cy="200" r="80" fill="none" stroke="#77787c" stroke-width="16"/><rect x="100" y="192" width="140" height="16" fill="#77787c"/>`;
    expect(await picture(cabin + steering, '')).toMatchObject({ angle: 'dashboard' });
    const seats = `<rect x="60" y="120" width="140" height="180" rx="30" fill="#3a3430"/><rect x="280" y="120" width="140" height="180" rx="30" fill="#3a3430"/>`;
    expect(await picture(cabin + seats, '')).toMatchObject({ angle: 'interior' });
  });

  it('leaves a bright picture without a vehicle or a plate to a person', async () => {
    expect(await picture(`<rect x="0" y="200" width="${W}" height="100" fill="#7a8a5a"/>`, '')).toMatchObject({
      angle: null,
    });
  });

  it('finds no circle in noise, and a drawn ring where it is', async () => {
    const data = new Uint8Array(320 * 200);
    let seed = 7;
    for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    expect(await findCircles({ width: 320, height: 200, data })).toEqual([]);
    const ring = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="white"/><circle cx="100" cy="90" r="40" fill="none" stroke="black" stroke-width="6"/></svg>`,
      ),
    )
      .extractChannel(0)
      .raw()
      .toBuffer();
    const [found] = await findCircles({ width: 320, height: 200, data: ring });
    expect(found!.x).toBeCloseTo(100 / 320, 1);
    expect(found!.r).toBeGreaterThan(30 / 320);
  });
});
