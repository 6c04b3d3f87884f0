import type { Registration } from './demo-vehicles';
import { PLATE_FONT as FONT, PLATE_RATIO } from '../modules/vision/plate-cover-svg';
import { xml } from './svg-colour';

function euStars(cx: number, cy: number, radius: number, size: number): string {
  return Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<circle cx="${(cx + radius * Math.cos(a)).toFixed(1)}" cy="${(cy + radius * Math.sin(a)).toFixed(1)}" r="${size}" fill="#ffd500"/>`;
  }).join('');
}

/**
 * A white EU plate, top-left at the origin and `width` wide: blue band with the stars and the country code,
 * the registration in black, and for French plates the department band on the right.
 */
export function plateSvg(reg: Registration, width: number): string {
  const h = width * PLATE_RATIO;
  const band = width * 0.085;
  const right = reg.department ? band : 0;
  const textWidth = width - band - right;
  const fontSize = Math.min(h * 0.74, (textWidth * 0.96) / (reg.text.length * 0.68));
  return `<g>
  <rect x="0" y="0" width="${width}" height="${h}" rx="${h * 0.1}" fill="#fbfbf8" stroke="#1a1a1a" stroke-width="${h * 0.035}"/>
  <rect x="${h * 0.035}" y="${h * 0.035}" width="${band}" height="${h * 0.93}" rx="${h * 0.07}" fill="#0b3b9c"/>
  ${euStars(h * 0.035 + band / 2, h * 0.33, band * 0.28, band * 0.045)}
  <text x="${h * 0.035 + band / 2}" y="${h * 0.86}" font-family="${FONT}" font-weight="bold" font-size="${h * 0.3}" fill="#ffffff" text-anchor="middle">${reg.country}</text>
  <text x="${band + textWidth / 2}" y="${h * 0.5 + fontSize * 0.36}" font-family="${FONT}" font-weight="bold" font-size="${fontSize.toFixed(1)}" fill="#111111" text-anchor="middle">${xml(reg.text)}</text>
  ${
    reg.department
      ? `<rect x="${width - right - h * 0.035}" y="${h * 0.035}" width="${right}" height="${h * 0.93}" rx="${h * 0.07}" fill="#0b3b9c"/>
  <text x="${width - right / 2 - h * 0.035}" y="${h * 0.86}" font-family="${FONT}" font-weight="bold" font-size="${h * 0.3}" fill="#ffffff" text-anchor="middle">${reg.department}</text>
  <circle cx="${width - right / 2 - h * 0.035}" cy="${h * 0.35}" r="${band * 0.22}" fill="#ffffff" opacity="0.85"/>`
      : ''
  }
</g>`;
}
