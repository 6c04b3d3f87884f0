/** Colour arithmetic for the generated SVGs: shades of a body or brand colour. */
const parse = (hex: string): [number, number, number] => {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const format = (rgb: number[]): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes `hex` towards `other` by `amount` (0 keeps hex, 1 gives other). */
export function mix(hex: string, other: string, amount: number): string {
  const a = parse(hex);
  const b = parse(other);
  return format(a.map((c, i) => c + (b[i]! - c) * amount));
}

export const lighten = (hex: string, amount: number): string => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number): string => mix(hex, '#000000', amount);

/** Whether text on this colour should be dark. */
export const isLight = (hex: string): boolean => {
  const [r, g, b] = parse(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
};

/** Escapes text placed inside SVG markup. */
export const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
