import type { BodyShape } from './demo-vehicles';
import { darken, lighten } from './svg-colour';

/**
 * The car as flat SVG drawings in local coordinates: ground at y = 0, up is negative. The side profile
 * faces +x; front and rear faces are centred on x = 0. Scenes place and skew these drawings.
 */
interface ShapeParams {
  rearX: number;
  frontX: number;
  bottom: number;
  wheelR: number;
  rearWheelX: number;
  frontWheelX: number;
  belt: number;
  hood: number;
  tail: number;
  roof: number;
  roofStart: number;
  roofEnd: number;
  wsX: number;
  faceW: number;
  shoulder: number;
  faceRoof: number;
}

const SHAPES: Record<BodyShape, ShapeParams> = {
  hatch: {
    rearX: 20,
    frontX: 985,
    bottom: -48,
    wheelR: 78,
    rearWheelX: 190,
    frontWheelX: 805,
    belt: -238,
    hood: -222,
    tail: -232,
    roof: -345,
    roofStart: 150,
    roofEnd: 560,
    wsX: 730,
    faceW: 860,
    shoulder: -300,
    faceRoof: -470,
  },
  sedan: {
    rearX: 10,
    frontX: 990,
    bottom: -46,
    wheelR: 78,
    rearWheelX: 210,
    frontWheelX: 800,
    belt: -232,
    hood: -220,
    tail: -238,
    roof: -335,
    roofStart: 330,
    roofEnd: 575,
    wsX: 740,
    faceW: 880,
    shoulder: -290,
    faceRoof: -450,
  },
  suv: {
    rearX: 20,
    frontX: 980,
    bottom: -68,
    wheelR: 92,
    rearWheelX: 195,
    frontWheelX: 800,
    belt: -290,
    hood: -275,
    tail: -285,
    roof: -430,
    roofStart: 140,
    roofEnd: 575,
    wsX: 735,
    faceW: 920,
    shoulder: -360,
    faceRoof: -560,
  },
};

/** Heights of the profile's roof and of a face's roof: scenes scale faces by their ratio to join them. */
export const faceToProfileScale = (shape: BodyShape): number => SHAPES[shape].roof / SHAPES[shape].faceRoof;
export const faceHalfWidth = (shape: BodyShape): number => SHAPES[shape].faceW / 2;

/** Gradients every car drawing refers to; `id` keeps two cars in one SVG apart. */
export function carDefs(id: string, body: string): string {
  return `<linearGradient id="${id}-body" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${lighten(body, 0.45)}"/><stop offset="0.32" stop-color="${body}"/>
    <stop offset="0.7" stop-color="${darken(body, 0.12)}"/><stop offset="1" stop-color="${darken(body, 0.45)}"/>
  </linearGradient>
  <linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#5b6b7a"/><stop offset="0.45" stop-color="#243140"/><stop offset="1" stop-color="#10161d"/>
  </linearGradient>
  <radialGradient id="${id}-rim" cx="0.4" cy="0.35" r="0.8">
    <stop offset="0" stop-color="#eef1f4"/><stop offset="0.6" stop-color="#a9b0b8"/><stop offset="1" stop-color="#5d646c"/>
  </radialGradient>`;
}

export function wheel(cx: number, cy: number, r: number, id: string): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + r * 0.6 * Math.cos(a)).toFixed(1)}" y2="${(cy + r * 0.6 * Math.sin(a)).toFixed(1)}" stroke="url(#${id}-rim)" stroke-width="${r * 0.16}" stroke-linecap="round"/>`;
  }).join('');
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="#151515"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.9}" fill="none" stroke="#2c2c2c" stroke-width="${r * 0.05}"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.64}" fill="#3a3d41"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.48}" fill="#6e7379"/>
  ${spokes}
  <circle cx="${cx}" cy="${cy}" r="${r * 0.64}" fill="none" stroke="url(#${id}-rim)" stroke-width="${r * 0.08}"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.13}" fill="#d5dade"/></g>`;
}

/** The left profile, front to the right. */
export function sideProfile(shape: BodyShape, body: string, id: string): string {
  const p = SHAPES[shape];
  const archR = p.wheelR + 14;
  const d = p.wheelR + p.bottom;
  const half = Math.sqrt(archR * archR - d * d);
  const rear =
    shape === 'sedan'
      ? `Q ${p.rearX + 10},${p.tail - 12} ${p.rearX + 60},${p.tail - 14} L ${p.rearX + 175},${p.tail - 18} Q ${p.rearX + 250},${p.roof + 30} ${p.roofStart},${p.roof}`
      : `Q ${p.rearX + 8},${p.roof + 40} ${p.rearX + 60},${p.roof + 12} Q ${p.rearX + 90},${p.roof} ${p.roofStart},${p.roof}`;
  const outline = `M ${p.rearX + 25},${p.bottom} L ${p.rearX},${p.bottom - 60} L ${p.rearX + 2},${p.tail} ${rear}
    L ${p.roofEnd},${p.roof} Q ${p.roofEnd + 60},${p.roof + 5} ${p.roofEnd + 100},${p.roof + 40} L ${p.wsX},${p.hood}
    Q ${p.frontX - 70},${p.hood + 6} ${p.frontX - 20},${p.hood + 38} Q ${p.frontX},${p.hood + 60} ${p.frontX},${p.hood + 110}
    L ${p.frontX - 8},${p.bottom} L ${p.frontWheelX + half},${p.bottom} A ${archR} ${archR} 0 1 0 ${p.frontWheelX - half},${p.bottom}
    L ${p.rearWheelX + half},${p.bottom} A ${archR} ${archR} 0 1 0 ${p.rearWheelX - half},${p.bottom} Z`;
  const gStart = shape === 'sedan' ? p.rearX + 215 : p.rearX + 58;
  const gTop = shape === 'sedan' ? p.roofStart - 5 : p.rearX + 92;
  const glass = `M ${gStart},${p.belt} L ${gTop},${p.roof + 16} L ${p.roofEnd - 5},${p.roof + 13} Q ${p.roofEnd + 40},${p.roof + 16} ${p.roofEnd + 78},${p.roof + 44} L ${p.wsX - 32},${p.belt} Z`;
  const bx = (gTop + p.roofEnd) / 2 + 30;
  const trim = darken(body, 0.4);
  return `<g>
  <path d="${outline}" fill="url(#${id}-body)" stroke="${darken(body, 0.5)}" stroke-width="2"/>
  <path d="${glass}" fill="url(#${id}-glass)"/>
  <path d="M ${gTop + 30},${p.roof + 20} L ${gTop + 90},${p.roof + 20} L ${gStart + 90},${p.belt - 6} L ${gStart + 40},${p.belt - 6} Z" fill="#ffffff" opacity="0.12"/>
  <rect x="${bx}" y="${p.roof + 10}" width="18" height="${p.belt - p.roof - 10}" fill="${darken(body, 0.55)}"/>
  <path d="M ${p.rearX + 20},${p.belt + 8} L ${p.frontX - 60},${p.belt + 14}" stroke="${lighten(body, 0.55)}" stroke-width="4" opacity="0.55" fill="none"/>
  <path d="M ${bx + 9},${p.belt} L ${bx + 5},${p.bottom - 22} M ${p.wsX - 30},${p.belt} Q ${p.wsX - 20},${p.bottom - 80} ${p.frontWheelX - half - 6},${p.bottom - 40} M ${p.rearWheelX + half + 6},${p.bottom - 40} Q ${gStart + 10},${p.belt + 40} ${gStart},${p.belt}" stroke="${trim}" stroke-width="3" fill="none"/>
  <rect x="${bx - 80}" y="${p.belt + 26}" width="46" height="11" rx="5" fill="${darken(body, 0.3)}"/>
  <rect x="${p.wsX - 140}" y="${p.belt + 26}" width="46" height="11" rx="5" fill="${darken(body, 0.3)}"/>
  <rect x="${p.rearWheelX + half}" y="${p.bottom - 18}" width="${p.frontWheelX - p.rearWheelX - 2 * half}" height="18" fill="#222428"/>
  <path d="M ${p.frontX - 100},${p.hood + 16} L ${p.frontX - 18},${p.hood + 40} L ${p.frontX - 8},${p.hood + 64} L ${p.frontX - 86},${p.hood + 50} Z" fill="#e6edf2" stroke="#8d969f" stroke-width="2"/>
  <path d="M ${p.rearX + 3},${p.tail + 6} L ${p.rearX + 44},${p.tail + 2} L ${p.rearX + 40},${p.tail + 40} L ${p.rearX + 5},${p.tail + 44} Z" fill="#a8121c" stroke="#5e070c" stroke-width="2"/>
  <ellipse cx="${p.wsX - 18}" cy="${p.belt - 22}" rx="26" ry="15" fill="url(#${id}-body)" stroke="${trim}" stroke-width="2"/>
  ${wheel(p.rearWheelX, -p.wheelR, p.wheelR, id)}
  ${wheel(p.frontWheelX, -p.wheelR, p.wheelR, id)}
</g>`;
}

/** Where a face drawing puts its plate: centre and width, in the face's local coordinates. */
export interface PlateSpot {
  x: number;
  y: number;
  width: number;
}

function faceFrame(p: ShapeParams, body: string, id: string) {
  const hw = p.faceW / 2;
  const tyres = `<rect x="${-hw + 22}" y="-125" width="100" height="125" rx="18" fill="#151515"/><rect x="${hw - 122}" y="-125" width="100" height="125" rx="18" fill="#151515"/>`;
  const lowerPath = `M ${-hw + 10},${p.bottom} L ${-hw},${p.shoulder + 40} Q ${-hw + 5},${p.shoulder} ${-hw + 60},${p.shoulder - 6} L ${hw - 60},${p.shoulder - 6}
    Q ${hw - 5},${p.shoulder} ${hw},${p.shoulder + 40} L ${hw - 10},${p.bottom} Q ${hw - 15},${p.bottom + 10} ${hw - 40},${p.bottom + 10}
    L ${-hw + 40},${p.bottom + 10} Q ${-hw + 15},${p.bottom + 10} ${-hw + 10},${p.bottom} Z`;
  const cabinPath = `M ${-hw + 70},${p.shoulder - 6} L ${-hw * 0.62},${p.faceRoof + 14} Q ${-hw * 0.6},${p.faceRoof} ${-hw * 0.54},${p.faceRoof}
    L ${hw * 0.54},${p.faceRoof} Q ${hw * 0.6},${p.faceRoof} ${hw * 0.62},${p.faceRoof + 14} L ${hw - 70},${p.shoulder - 6} Z`;
  const mirrors = `<ellipse cx="${-hw - 8}" cy="${p.shoulder - 32}" rx="34" ry="20" fill="url(#${id}-body)" stroke="${darken(body, 0.45)}" stroke-width="2"/>
  <ellipse cx="${hw + 8}" cy="${p.shoulder - 32}" rx="34" ry="20" fill="url(#${id}-body)" stroke="${darken(body, 0.45)}" stroke-width="2"/>`;
  const lip = `<rect x="${-hw + 24}" y="${p.bottom - 16}" width="${p.faceW - 48}" height="22" rx="8" fill="#202226"/>`;
  // The body panels of either face, painted alike: the body's gradient in a darker outline.
  const panel = (d: string) =>
    `<path d="${d}" fill="url(#${id}-body)" stroke="${darken(body, 0.5)}" stroke-width="2"/>`;
  // A face: its plate's spot (as wide on either) and its drawing, the face's own parts between cabin and lip.
  const face = (plateY: number, parts: string): { svg: string; plate: PlateSpot } => ({
    plate: { x: 0, y: plateY, width: 250 },
    svg: `<g>${tyres}${mirrors}\n  ${panel(cabinPath)}\n${parts}\n  ${lip}</g>`,
  });
  return { hw, lower: panel(lowerPath), face };
}

export function frontFace(shape: BodyShape, body: string, id: string): { svg: string; plate: PlateSpot } {
  const p = SHAPES[shape];
  const { hw, lower, face } = faceFrame(p, body, id);
  const plateY = (p.shoulder + 110 + p.bottom - 62) / 2;
  const bars = Array.from(
    { length: 4 },
    (_, i) =>
      `<line x1="${-hw * 0.34}" x2="${hw * 0.34}" y1="${p.shoulder + 54 + i * 15}" y2="${p.shoulder + 54 + i * 15}" stroke="#3b4046" stroke-width="4"/>`,
  ).join('');
  const light = (s: number) =>
    `<path d="M ${s * (hw - 40)},${p.shoulder + 28} L ${s * hw * 0.42},${p.shoulder + 42} L ${s * hw * 0.45},${p.shoulder + 78} L ${s * (hw - 52)},${p.shoulder + 70} Z" fill="#e9eef2" stroke="#808a94" stroke-width="3"/>
    <path d="M ${s * (hw - 52)},${p.shoulder + 40} L ${s * hw * 0.46},${p.shoulder + 50}" stroke="#ffffff" stroke-width="5"/>`;
  return face(
    plateY,
    `  <path d="M ${-hw + 100},${p.shoulder - 14} L ${-hw * 0.6 + 14},${p.faceRoof + 22} L ${hw * 0.6 - 14},${p.faceRoof + 22} L ${hw - 100},${p.shoulder - 14} Z" fill="url(#${id}-glass)"/>
  <path d="M ${-hw * 0.3},${p.faceRoof + 22} L ${-hw * 0.1},${p.faceRoof + 22} L ${-hw * 0.42},${p.shoulder - 14} L ${-hw * 0.62},${p.shoulder - 14} Z" fill="#ffffff" opacity="0.1"/>
  ${lower}
  <path d="M ${-hw + 70},${p.shoulder + 2} L ${hw - 70},${p.shoulder + 2}" stroke="${lighten(body, 0.6)}" stroke-width="5" opacity="0.6"/>
  ${light(-1)}${light(1)}
  <rect x="${-hw * 0.36}" y="${p.shoulder + 40}" width="${hw * 0.72}" height="70" rx="14" fill="#1c1f23"/>${bars}
  <circle cx="0" cy="${p.shoulder + 75}" r="19" fill="#c9ced4" stroke="#7d868f" stroke-width="3"/>
  <rect x="${-hw * 0.46}" y="${p.bottom - 62}" width="${hw * 0.92}" height="38" rx="12" fill="#1c1f23"/>
  <circle cx="${-hw * 0.64}" cy="${p.bottom - 42}" r="12" fill="#dfe6ea"/><circle cx="${hw * 0.64}" cy="${p.bottom - 42}" r="12" fill="#dfe6ea"/>`,
  );
}

export function rearFace(shape: BodyShape, body: string, id: string): { svg: string; plate: PlateSpot } {
  const p = SHAPES[shape];
  const { hw, lower, face } = faceFrame(p, body, id);
  const plateY = p.shoulder + (p.bottom - p.shoulder) * 0.5;
  const light = (s: number) =>
    `<path d="M ${s * (hw - 14)},${p.shoulder + 10} L ${s * hw * 0.5},${p.shoulder + 16} L ${s * hw * 0.52},${p.shoulder + 56} L ${s * (hw - 24)},${p.shoulder + 64} Z" fill="#a3141d" stroke="#5a070c" stroke-width="3"/>
    <path d="M ${s * (hw - 30)},${p.shoulder + 26} L ${s * hw * 0.56},${p.shoulder + 30}" stroke="#ff6a6f" stroke-width="5"/>`;
  return face(
    plateY,
    `  <path d="M ${-hw + 125},${p.shoulder - 22} L ${-hw * 0.55},${p.faceRoof + 32} L ${hw * 0.55},${p.faceRoof + 32} L ${hw - 125},${p.shoulder - 22} Z" fill="url(#${id}-glass)"/>
  <rect x="-60" y="${p.faceRoof + 20}" width="120" height="8" rx="4" fill="#c01622"/>
  ${lower}
  <path d="M ${-hw + 40},${p.shoulder + 6} L ${hw - 40},${p.shoulder + 6}" stroke="${darken(body, 0.35)}" stroke-width="3"/>
  ${light(-1)}${light(1)}
  <circle cx="0" cy="${p.shoulder + 40}" r="17" fill="#c9ced4" stroke="#7d868f" stroke-width="3"/>
  <rect x="${-hw * 0.3}" y="${plateY - 42}" width="${hw * 0.6}" height="84" rx="10" fill="${darken(body, 0.25)}"/>
  <rect x="${-hw + 30}" y="${p.bottom - 50}" width="${p.faceW - 60}" height="30" rx="10" fill="#24272b"/>
  <ellipse cx="${hw * 0.58}" cy="${p.bottom - 8}" rx="26" ry="11" fill="#0c0c0c" stroke="#8a9096" stroke-width="4"/>`,
  );
}
