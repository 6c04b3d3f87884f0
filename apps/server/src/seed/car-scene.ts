import {
  carDefs,
  faceHalfWidth,
  faceToProfileScale,
  frontFace,
  rearFace,
  sideProfile,
  wheel,
  type PlateSpot,
} from './car-drawing';
import type { BodyShape, Registration } from './demo-vehicles';
import { plateCoverSvg, PLATE_RATIO } from '../modules/vision/plate-cover-svg';
import { plateSvg } from './licence-plate';
import { darken, lighten } from './svg-colour';

export const CAR_ANGLES = [
  'front34',
  'side',
  'rear34',
  'rear',
  'front',
  'interior',
  'wheel',
  'sideRight',
  'front34Left',
  'dashboard',
] as const;
export type CarAngle = (typeof CAR_ANGLES)[number];

/** What goes on the plate: the registration, or the dealer's cover (as in videos shared publicly). */
export type PlateContent = { registration: Registration } | { cover: { name: string; colour: string } };

export interface CarSceneSpec {
  width: number;
  height: number;
  shape: BodyShape;
  colour: string;
  angle: CarAngle;
  plate: PlateContent;
}

/** Whether the angle shows a licence plate; the others render the same for every car of a colour and shape. */
export const showsPlate = (angle: CarAngle): boolean =>
  ['front34', 'rear34', 'rear', 'front', 'front34Left'].includes(angle);

const ID = 'car';

function showroom(w: number, h: number, horizon: number): string {
  const panels = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${(i * w) / 6 + 4}" y="${h * 0.06}" width="${w / 6 - 8}" height="${horizon - h * 0.09}" fill="#ffffff" opacity="0.18"/>`,
  ).join('');
  const lines = Array.from({ length: 13 }, (_, i) => {
    const x = ((i - 6) * w) / 5 + w / 2;
    return `<line x1="${w / 2 + (x - w / 2) * 0.25}" y1="${horizon}" x2="${x}" y2="${h}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>`;
  }).join('');
  return `<rect width="${w}" height="${horizon}" fill="url(#wall)"/>${panels}
  <rect y="0" width="${w}" height="${h * 0.035}" fill="#f8f8f6"/>
  <rect y="${horizon - h * 0.02}" width="${w}" height="${h * 0.02}" fill="#8b8f94"/>
  <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#floor)"/>${lines}`;
}

const sceneDefs = `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eceef0"/><stop offset="1" stop-color="#c9ced4"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a2a7ad"/><stop offset="1" stop-color="#5f656c"/></linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.7" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

type Matrix = [number, number, number, number, number, number];
const compose = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
const matrixAttr = (m: Matrix) => `matrix(${m.map((v) => +v.toFixed(5)).join(',')})`;

/** Where the plate lands in a scene: the face's transform, the plate's spot on the face, and mirroring. */
interface PlacedPlate {
  matrix: Matrix;
  spot: PlateSpot;
  counterMirror: boolean;
}

function plateMarkup(placed: PlacedPlate, content: PlateContent): string {
  const { spot } = placed;
  const h = spot.width * PLATE_RATIO;
  const inner =
    'registration' in content
      ? plateSvg(content.registration, spot.width)
      : plateCoverSvg(content.cover.name, content.cover.colour, spot.width);
  // In a mirrored view the plate is mirrored back about its own centre so that it still reads.
  const flip = placed.counterMirror ? `translate(${spot.width},0) scale(-1,1)` : '';
  return `<g transform="${matrixAttr(placed.matrix)}"><g transform="translate(${spot.x - spot.width / 2},${spot.y - h / 2}) ${flip}">${inner}</g></g>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#shadow)"/>`;

function exterior(spec: CarSceneSpec): { svg: string; plate: PlacedPlate | null } {
  const { width: w, height: h, shape, colour, angle } = spec;
  const ground = h * 0.83;
  const mirror = angle === 'sideRight' || angle === 'front34Left';
  const outer: Matrix = mirror ? [-1, 0, 0, 1, w, 0] : [1, 0, 0, 1, 0, 0];
  let car: string;
  let plate: PlacedPlate | null = null;
  if (angle === 'side' || angle === 'sideRight') {
    const s = (w * 0.8) / 1000;
    car = `${shadow(w / 2, ground, w * 0.44, h * 0.05)}<g transform="translate(${(w - 1000 * s) / 2},${ground}) scale(${s})">${sideProfile(shape, colour, ID)}</g>`;
  } else if (angle === 'front' || angle === 'rear') {
    const s = (w * 0.52) / 900;
    const face = angle === 'front' ? frontFace(shape, colour, ID) : rearFace(shape, colour, ID);
    const m: Matrix = [s, 0, 0, s, w / 2, ground];
    car = `${shadow(w / 2, ground, w * 0.32, h * 0.05)}<g transform="${matrixAttr(m)}">${face.svg}</g>`;
    plate = { matrix: compose(outer, m), spot: face.plate, counterMirror: false };
  } else {
    // Three-quarter views: the profile and a face, each squeezed and sheared into rough perspective.
    const front = angle !== 'rear34';
    const s = (w * 0.8) / 1030;
    const face = front ? frontFace(shape, colour, ID) : rearFace(shape, colour, ID);
    const k = faceToProfileScale(shape);
    const hw = faceHalfWidth(shape);
    const sv = 0.95 * s;
    const ax = 0.5 * k * s;
    let side: Matrix;
    let faceM: Matrix;
    if (front) {
      const x0 = (w - 1030 * s) / 2;
      const y0 = ground - 70 * s;
      const joinX = x0 + 0.62 * s * 935;
      const joinY = y0 + 0.08 * s * 935;
      const b = -0.1 * k * s;
      side = [0.62 * s, 0.08 * s, 0, sv, x0, y0];
      faceM = [ax, b, 0, k * sv, joinX + ax * hw, joinY + b * hw];
    } else {
      const x0 = (w - 1030 * s) / 2 + ax * 2 * hw;
      const y0 = ground + 10 * s;
      const joinX = x0 + 0.62 * s * 70;
      const joinY = y0 - 0.08 * s * 70;
      const b = 0.1 * k * s;
      side = [0.62 * s, -0.08 * s, 0, sv, x0, y0];
      faceM = [ax, b, 0, k * sv, joinX - ax * hw, joinY - b * hw];
    }
    car = `${shadow(w / 2, ground - 20 * s, w * 0.42, h * 0.07)}
      <g transform="${matrixAttr(side)}">${sideProfile(shape, colour, ID)}</g>
      <g transform="${matrixAttr(faceM)}">${face.svg}</g>`;
    plate = { matrix: compose(outer, faceM), spot: face.plate, counterMirror: mirror };
  }
  const placed = mirror ? `<g transform="${matrixAttr(outer)}">${car}</g>` : car;
  return { svg: `${showroom(w, h, h * 0.56)}${placed}`, plate };
}

function interior(spec: CarSceneSpec, close: boolean): string {
  const { width: w, height: h, colour } = spec;
  const z = close ? 1.35 : 1;
  const cx = w * (close ? 0.4 : 0.33);
  const cy = h * (close ? 0.9 : 0.8);
  const r = h * 0.2 * z;
  const spokes = [200, 340, 90]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      return `<line x1="${cx}" y1="${cy}" x2="${cx + r * Math.cos(a)}" y2="${cy + r * Math.sin(a)}" stroke="#202226" stroke-width="${r * 0.2}"/>`;
    })
    .join('');
  return `${showroom(w, h, h * 0.5)}
  <path d="M 0,0 L ${w * 0.12},0 L ${w * 0.02},${h * 0.6} L 0,${h * 0.6} Z" fill="#1d1f22"/>
  <path d="M ${w},0 L ${w * 0.88},0 L ${w * 0.98},${h * 0.6} L ${w},${h * 0.6} Z" fill="#1d1f22"/>
  <rect width="${w}" height="${h * 0.05}" fill="#d8d4cc"/>
  <path d="M 0,${h * 0.56} Q ${w * 0.3},${h * 0.48} ${w * 0.5},${h * 0.53} Q ${w * 0.75},${h * 0.5} ${w},${h * 0.56} L ${w},${h} L 0,${h} Z" fill="url(#dash)"/>
  <rect x="0" y="${h * 0.62}" width="${w}" height="${h * 0.018}" fill="${colour}"/>
  <rect x="${cx - w * 0.1}" y="${h * 0.54}" width="${w * 0.2}" height="${h * 0.1}" rx="${h * 0.02}" fill="#0d0f12"/>
  <circle cx="${cx - w * 0.05}" cy="${h * 0.59}" r="${h * 0.035}" fill="none" stroke="#4fc3f7" stroke-width="4"/>
  <circle cx="${cx + w * 0.05}" cy="${h * 0.59}" r="${h * 0.035}" fill="none" stroke="#ffb74d" stroke-width="4"/>
  <rect x="${w * 0.52}" y="${h * 0.55}" width="${w * 0.16}" height="${h * 0.12}" rx="${h * 0.012}" fill="#0f2740" stroke="#2b2f35" stroke-width="6"/>
  <rect x="${w * 0.535}" y="${h * 0.57}" width="${w * 0.07}" height="${h * 0.08}" fill="#1d5c8f"/>
  <rect x="${w * 0.615}" y="${h * 0.57}" width="${w * 0.05}" height="${h * 0.015}" fill="#9ecbee"/>
  <rect x="${w * 0.615}" y="${h * 0.6}" width="${w * 0.04}" height="${h * 0.015}" fill="#9ecbee"/>
  <rect x="${w * 0.54}" y="${h * 0.7}" width="${w * 0.05}" height="${h * 0.03}" rx="8" fill="#14161a"/>
  <rect x="${w * 0.61}" y="${h * 0.7}" width="${w * 0.05}" height="${h * 0.03}" rx="8" fill="#14161a"/>
  <rect x="${w * 0.78}" y="${h * 0.66}" width="${w * 0.12}" height="${h * 0.03}" rx="8" fill="#14161a"/>
  <path d="M ${w * 0.5},${h} L ${w * 0.53},${h * 0.78} L ${w * 0.67},${h * 0.78} L ${w * 0.7},${h} Z" fill="#26292d"/>
  <circle cx="${w * 0.6}" cy="${h * 0.86}" r="${h * 0.03}" fill="#3b3f45" stroke="#9aa0a6" stroke-width="3"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#17181a" stroke-width="${r * 0.18}"/>
  ${spokes}<circle cx="${cx}" cy="${cy}" r="${r * 0.28}" fill="#26292d"/><circle cx="${cx}" cy="${cy}" r="${r * 0.1}" fill="#c9ced4"/>`;
}

function wheelCloseUp(spec: CarSceneSpec): string {
  const { width: w, height: h, colour } = spec;
  const cy = h * 0.6;
  const r = h * 0.34;
  return `${showroom(w, h, h * 0.45)}
  <rect x="0" y="${h * 0.08}" width="${w}" height="${h * 0.62}" fill="url(#${ID}-body)"/>
  <line x1="${w * 0.16}" y1="${h * 0.08}" x2="${w * 0.18}" y2="${h * 0.7}" stroke="${darken(colour, 0.45)}" stroke-width="5"/>
  <line x1="0" y1="${h * 0.2}" x2="${w}" y2="${h * 0.22}" stroke="${lighten(colour, 0.5)}" stroke-width="6" opacity="0.6"/>
  <rect x="0" y="${h * 0.66}" width="${w}" height="${h * 0.05}" fill="#222428"/>
  <circle cx="${w / 2}" cy="${cy}" r="${r * 1.14}" fill="#0c0c0c"/>
  <rect x="0" y="${h * 0.83}" width="${w}" height="${h * 0.17}" fill="url(#floor)"/>
  ${shadow(w / 2, h * 0.94, r * 1.2, h * 0.04)}
  ${wheel(w / 2, cy, r, ID)}`;
}

const svgDoc = (w: number, h: number, defs: string, content: string, viewBox = `0 0 ${w} ${h}`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}"><defs>${defs}</defs>${content}</svg>`;

/** The SVG of one picture of the car in a showroom, without its plate when `plate` is false. */
export function carSceneSvg(spec: CarSceneSpec, opts: { plate: boolean } = { plate: true }): string {
  let content: string;
  if (spec.angle === 'interior' || spec.angle === 'dashboard') content = interior(spec, spec.angle === 'dashboard');
  else if (spec.angle === 'wheel') content = wheelCloseUp(spec);
  else {
    const ext = exterior(spec);
    content = ext.svg + (opts.plate && ext.plate ? plateMarkup(ext.plate, spec.plate) : '');
  }
  return svgDoc(
    spec.width,
    spec.height,
    `${sceneDefs}${carDefs(ID, spec.colour)}<linearGradient id="dash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3d42"/><stop offset="1" stop-color="#16181b"/></linearGradient>`,
    content,
  );
}

/**
 * The plate alone, as a small SVG covering just its bounding box in the scene, with where to put it: a
 * scene rendered once without plate then takes each registration at the cost of a small composite.
 */
export function platePatchSvg(spec: CarSceneSpec): { svg: string; left: number; top: number } | null {
  if (!showsPlate(spec.angle)) return null;
  const { plate } = exterior(spec);
  if (!plate) return null;
  const { spot } = plate;
  const h = spot.width * PLATE_RATIO;
  const corners = [
    [spot.x - spot.width / 2, spot.y - h / 2],
    [spot.x + spot.width / 2, spot.y - h / 2],
    [spot.x - spot.width / 2, spot.y + h / 2],
    [spot.x + spot.width / 2, spot.y + h / 2],
  ].map(([x, y]) => apply(plate.matrix, x!, y!));
  const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0])) - 2));
  const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1])) - 2));
  const right = Math.min(spec.width, Math.ceil(Math.max(...corners.map((c) => c[0])) + 2));
  const bottom = Math.min(spec.height, Math.ceil(Math.max(...corners.map((c) => c[1])) + 2));
  const [w, hh] = [right - left, bottom - top];
  return { svg: svgDoc(w, hh, '', plateMarkup(plate, spec.plate), `${left} ${top} ${w} ${hh}`), left, top };
}
