/** An EU plate is 520 × 110 mm. */
export const PLATE_RATIO = 110 / 520;

/** The plate lettering: condensed fonts first, as on real plates; DejaVu ships with the server. */
export const PLATE_FONT = "'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'DejaVu Sans', sans-serif";

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plate-sized cover in the dealer's colours, as dealers put over registrations in adverts. */
export function plateCoverSvg(dealerName: string, colour: string, width: number): string {
  const h = width * PLATE_RATIO;
  const band = width * 0.085;
  const fontSize = Math.min(h * 0.5, ((width - band * 1.5) * 0.95) / (dealerName.length * 0.58));
  return `<g>
  <rect x="0" y="0" width="${width}" height="${h}" rx="${h * 0.1}" fill="#fbfbf8" stroke="#1a1a1a" stroke-width="${h * 0.035}"/>
  <rect x="${h * 0.035}" y="${h * 0.035}" width="${band}" height="${h * 0.93}" rx="${h * 0.07}" fill="${colour}"/>
  <text x="${band + (width - band) / 2}" y="${h * 0.5 + fontSize * 0.36}" font-family="${PLATE_FONT}" font-weight="bold" font-size="${fontSize.toFixed(1)}" fill="${colour}" text-anchor="middle">${xml(dealerName)}</text>
</g>`;
}
