import { plateCoverSvg, PLATE_RATIO } from '../modules/vision/plate-cover-svg';
import { darken, isLight, lighten, xml } from './svg-colour';

/** Who a piece of branding is for: the name written on it, its colour and the line under the name. */
export interface DealerBrand {
  name: string;
  subtitle: string;
  colour: string;
  phone: string;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The round emblem with the dealer's initials, centred on (cx, cy). */
function emblem(brand: DealerBrand, cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${brand.colour}"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.84}" fill="none" stroke="#ffffff" stroke-width="${r * 0.07}" opacity="0.85"/>
  <text x="${cx}" y="${cy + r * 0.3}" font-family="${FONT}" font-weight="bold" font-size="${r * 0.82}" fill="#ffffff" text-anchor="middle">${xml(initials(brand.name))}</text>`;
}

/** Emblem, name and subtitle laid out from (x, y) in a box `height` tall, for a light or dark ground. */
function lockup(brand: DealerBrand, x: number, y: number, height: number, onDark: boolean): string {
  const r = height / 2;
  return `${emblem(brand, x + r, y + r, r)}
  <text x="${x + height * 1.2}" y="${y + height * 0.52}" font-family="${FONT}" font-weight="bold" font-size="${height * 0.42}" fill="${onDark ? '#ffffff' : '#1f2933'}">${xml(brand.name)}</text>
  <text x="${x + height * 1.2}" y="${y + height * 0.9}" font-family="${FONT}" font-size="${height * 0.28}" fill="${onDark ? lighten(brand.colour, 0.6) : brand.colour}">${xml(brand.subtitle)}</text>`;
}

export const LOGO_SIZE = { width: 640, height: 200 } as const;

/** The owner's logo: emblem and wordmark on a transparent ground. */
export function logoSvg(brand: DealerBrand): string {
  const { width, height } = LOGO_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${lockup(brand, 16, 30, 140, false)}</svg>`;
}

export const PLATE_COVER_WIDTH = 1040;

/** A clean plate carrying the dealer's name, laid over registrations by the licence-plate cover feature. */
export function plateCoverImageSvg(brand: DealerBrand): string {
  const h = Math.round(PLATE_COVER_WIDTH * PLATE_RATIO);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLATE_COVER_WIDTH}" height="${h}" viewBox="0 0 ${PLATE_COVER_WIDTH} ${h}">${plateCoverSvg(brand.name, brand.colour, PLATE_COVER_WIDTH)}</svg>`;
}

export type StampDesign = 'classic' | 'premium' | 'warranty';

/** The transparent frame a stamp draws over every picture: band, logo and text in the dealer's colours. */
export function stampOverlaySvg(
  brand: DealerBrand,
  design: StampDesign,
  width: number,
  height: number,
  tagline: string,
): string {
  const band = height * 0.11;
  const pad = height * 0.02;
  let body: string;
  if (design === 'classic') {
    body = `<rect x="0" y="0" width="${width}" height="${height}" fill="none" stroke="${brand.colour}" stroke-width="${height * 0.012}"/>
    <rect x="0" y="${height - band}" width="${width}" height="${band}" fill="${brand.colour}" opacity="0.94"/>
    ${lockup(brand, pad * 1.5, height - band + pad * 0.8, band - pad * 1.6, true)}
    <text x="${width - pad * 2}" y="${height - band / 2 + band * 0.12}" font-family="${FONT}" font-weight="bold" font-size="${band * 0.34}" fill="#ffffff" text-anchor="end">${xml(brand.phone)}</text>`;
  } else if (design === 'premium') {
    const w = width * 0.36;
    body = `<path d="M 0,0 L ${w},0 L ${w - band * 0.6},${band * 1.15} L 0,${band * 1.15} Z" fill="#111418" opacity="0.92"/>
    <rect x="0" y="${band * 1.15}" width="${w - band * 0.6}" height="${height * 0.006}" fill="#c9a94b"/>
    ${lockup(brand, pad * 1.5, pad * 1.2, band * 1.15 - pad * 2.4, true)}
    <rect x="${width * 0.64}" y="${height - band * 0.9 - pad}" width="${width * 0.36 - pad}" height="${band * 0.9}" rx="${band * 0.12}" fill="#111418" opacity="0.9"/>
    <text x="${width * 0.82 - pad / 2}" y="${height - band * 0.45 - pad + band * 0.12}" font-family="${FONT}" font-weight="bold" font-size="${band * 0.32}" fill="#c9a94b" text-anchor="middle">${xml(tagline)}</text>`;
  } else {
    const r = height * 0.12;
    const ink = isLight(brand.colour) ? '#1f2933' : '#ffffff';
    body = `<rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#ffffff" opacity="0.9"/>
    <rect x="0" y="${height - band}" width="${width}" height="${height * 0.008}" fill="${brand.colour}"/>
    ${lockup(brand, pad * 1.5, height - band + pad * 0.8, band - pad * 1.6, false)}
    <text x="${width - pad * 2}" y="${height - band / 2 + band * 0.12}" font-family="${FONT}" font-weight="bold" font-size="${band * 0.34}" fill="${darken(brand.colour, 0.2)}" text-anchor="end">${xml(brand.phone)}</text>
    <circle cx="${width - r - pad * 2}" cy="${r + pad * 2}" r="${r}" fill="${brand.colour}" opacity="0.95"/>
    <circle cx="${width - r - pad * 2}" cy="${r + pad * 2}" r="${r * 0.86}" fill="none" stroke="${ink}" stroke-width="${r * 0.04}" stroke-dasharray="${r * 0.1} ${r * 0.06}"/>
    <text x="${width - r - pad * 2}" y="${r + pad * 2 - r * 0.08}" font-family="${FONT}" font-weight="bold" font-size="${r * 0.26}" fill="${ink}" text-anchor="middle">${xml(tagline.split(' ')[0] ?? '')}</text>
    <text x="${width - r - pad * 2}" y="${r + pad * 2 + r * 0.3}" font-family="${FONT}" font-weight="bold" font-size="${r * 0.3}" fill="${ink}" text-anchor="middle">${xml(tagline.split(' ').slice(1).join(' '))}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export type BackgroundStyle = 'showroom' | 'studio' | 'loft';

/** Where the sets' wall meets their floor, in percent of the height: the stamps' cropping configuration says so. */
export const SET_FLOOR_LEVEL = 60;

/** The empty set a cropped car is composited on: a wall and a floor, with the dealer's name on the wall. */
export function backgroundSvg(brand: DealerBrand, style: BackgroundStyle, width: number, height: number): string {
  const horizon = (height * SET_FLOOR_LEVEL) / 100;
  const wall =
    style === 'studio' ? ['#fbfbfb', '#e6e7e9'] : style === 'loft' ? ['#6b6560', '#3f3b37'] : ['#eef0f3', '#cdd2d8'];
  const floor =
    style === 'studio' ? ['#e3e4e6', '#b9bcc0'] : style === 'loft' ? ['#8a6e52', '#4d3b2a'] : ['#9fa5ab', '#585e65'];
  const sign =
    style === 'studio'
      ? ''
      : `<g opacity="${style === 'loft' ? 0.9 : 0.75}">${lockup(brand, width * 0.34, height * 0.16, height * 0.1, style === 'loft')}</g>`;
  const planks =
    style === 'loft'
      ? Array.from(
          { length: 10 },
          (_, i) =>
            `<line x1="${(i * width) / 9}" y1="${horizon}" x2="${(i - 4.5) * width * 0.2 + width / 2}" y2="${height}" stroke="#2e2218" stroke-opacity="0.35" stroke-width="3"/>`,
        ).join('')
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
  <linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor[0]}"/><stop offset="1" stop-color="${floor[1]}"/></linearGradient>
  <radialGradient id="spot" cx="0.5" cy="0.2" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${horizon}" fill="url(#w)"/>
  <rect y="${horizon - height * 0.015}" width="${width}" height="${height * 0.015}" fill="${style === 'studio' ? '#d9dbde' : brand.colour}"/>
  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#f)"/>${planks}
  <rect width="${width}" height="${height}" fill="url(#spot)"/>${sign}
</svg>`;
}

/** A full-frame card in the dealer's colour with its lockup and a line of text: video intros and outros. */
export function titleCardSvg(brand: DealerBrand, line: string, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.colour}"/><stop offset="1" stop-color="${darken(brand.colour, 0.5)}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${lockup(brand, width * 0.22, height * 0.36, height * 0.18, true)}
  <text x="${width / 2}" y="${height * 0.78}" font-family="${FONT}" font-size="${height * 0.05}" fill="#ffffff" text-anchor="middle">${xml(line)}</text>
</svg>`;
}
