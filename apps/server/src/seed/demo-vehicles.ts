import type { Random } from './demo-random';

export type BodyShape = 'hatch' | 'sedan' | 'suv';

export interface VehicleModel {
  brand: string;
  model: string;
  shape: BodyShape;
  /** World manufacturer identifier: the first three characters of the brand's VINs. */
  wmi: string;
}

export const VEHICLE_MODELS: readonly VehicleModel[] = [
  { brand: 'Renault', model: 'Clio V', shape: 'hatch', wmi: 'VF1' },
  { brand: 'Renault', model: 'Captur', shape: 'suv', wmi: 'VF1' },
  { brand: 'Renault', model: 'Mégane E-Tech', shape: 'hatch', wmi: 'VF1' },
  { brand: 'Peugeot', model: '208', shape: 'hatch', wmi: 'VR3' },
  { brand: 'Peugeot', model: '3008', shape: 'suv', wmi: 'VR3' },
  { brand: 'Peugeot', model: '508', shape: 'sedan', wmi: 'VR3' },
  { brand: 'Citroën', model: 'C3', shape: 'hatch', wmi: 'VF7' },
  { brand: 'Citroën', model: 'C5 Aircross', shape: 'suv', wmi: 'VR7' },
  { brand: 'Dacia', model: 'Sandero', shape: 'hatch', wmi: 'UU1' },
  { brand: 'Dacia', model: 'Duster', shape: 'suv', wmi: 'UU1' },
  { brand: 'Volkswagen', model: 'Golf 8', shape: 'hatch', wmi: 'WVW' },
  { brand: 'Volkswagen', model: 'Tiguan', shape: 'suv', wmi: 'WVG' },
  { brand: 'Volkswagen', model: 'Passat', shape: 'sedan', wmi: 'WVW' },
  { brand: 'Toyota', model: 'Yaris', shape: 'hatch', wmi: 'VNK' },
  { brand: 'Toyota', model: 'C-HR', shape: 'suv', wmi: 'NMT' },
  { brand: 'BMW', model: 'Série 3', shape: 'sedan', wmi: 'WBA' },
  { brand: 'BMW', model: 'X1', shape: 'suv', wmi: 'WBA' },
  { brand: 'Mercedes-Benz', model: 'Classe A', shape: 'hatch', wmi: 'WDD' },
  { brand: 'Mercedes-Benz', model: 'Classe C', shape: 'sedan', wmi: 'W1K' },
  { brand: 'Audi', model: 'A3 Sportback', shape: 'hatch', wmi: 'WAU' },
  { brand: 'Audi', model: 'Q3', shape: 'suv', wmi: 'WAU' },
  { brand: 'Skoda', model: 'Octavia', shape: 'sedan', wmi: 'TMB' },
  { brand: 'Fiat', model: '500', shape: 'hatch', wmi: 'ZFA' },
  { brand: 'Volvo', model: 'XC40', shape: 'suv', wmi: 'YV1' },
];

export interface BodyColour {
  name: string;
  hex: string;
  /** How common the colour is in a used-car stock. */
  weight: number;
}

/** Mostly white, grey and black, as on a real forecourt. */
export const BODY_COLOURS: readonly BodyColour[] = [
  { name: 'Blanc Glacier', hex: '#eef0f2', weight: 26 },
  { name: 'Noir Étoilé', hex: '#17191c', weight: 18 },
  { name: 'Gris Platine', hex: '#a8adb4', weight: 18 },
  { name: 'Gris Titanium', hex: '#5a6068', weight: 12 },
  { name: 'Bleu Iron', hex: '#2b4c7e', weight: 9 },
  { name: 'Rouge Flamme', hex: '#b01e28', weight: 8 },
  { name: 'Bleu Nuit', hex: '#1c2942', weight: 3 },
  { name: 'Vert Forêt', hex: '#2e5443', weight: 2 },
  { name: 'Orange Valencia', hex: '#d2601a', weight: 2 },
  { name: 'Beige Sable', hex: '#c3b293', weight: 2 },
];

export function randomColour(r: Random): BodyColour {
  let x = r.next() * BODY_COLOURS.reduce((s, c) => s + c.weight, 0);
  for (const c of BODY_COLOURS) {
    x -= c.weight;
    if (x < 0) return c;
  }
  return BODY_COLOURS[0]!;
}

/** Country codes printed in the plate's blue band. */
export type PlateCountry = 'F' | 'D' | 'B' | 'E' | 'I';

export interface Registration {
  text: string;
  country: PlateCountry;
  /** French plates carry a department number in the right band. */
  department?: string;
}

// The French SIV series never uses I, O and U.
const SIV_LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const SPANISH_LETTERS = 'BCDFGHJKLMNPRSTVWXYZ';
const letters = (r: Random, n: number, set = SIV_LETTERS) => Array.from({ length: n }, () => r.pick([...set])).join('');
const digits = (r: Random, n: number) => Array.from({ length: n }, () => String(r.int(0, 9))).join('');

const DEPARTMENTS_BY_CITY: Record<string, readonly string[]> = {
  Paris: ['75', '92', '93', '94', '78'],
  Lyon: ['69', '01', '38', '42'],
  Lille: ['59', '62'],
  Bordeaux: ['33', '24', '40'],
};

/** A registration as a dealer near `city` would see them: mostly French SIV, a few from neighbours. */
export function randomRegistration(r: Random, city: string): Registration {
  const roll = r.next();
  if (roll < 0.88) {
    const text = `${letters(r, 2)}-${String(r.int(1, 999)).padStart(3, '0')}-${letters(r, 2)}`;
    return { text, country: 'F', department: r.pick(DEPARTMENTS_BY_CITY[city] ?? ['75']) };
  }
  if (roll < 0.92)
    return { text: `${r.pick(['M', 'K', 'S', 'F', 'KA', 'HH'])} ${letters(r, 2)} ${r.int(10, 9999)}`, country: 'D' };
  if (roll < 0.95) return { text: `${r.int(1, 2)}-${letters(r, 3)}-${digits(r, 3)}`, country: 'B' };
  if (roll < 0.98) return { text: `${digits(r, 4)} ${letters(r, 3, SPANISH_LETTERS)}`, country: 'E' };
  return { text: `${letters(r, 2)} ${digits(r, 3)}${letters(r, 2)}`, country: 'I' };
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const TRANSLITERATION: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]!,
  ]),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A 17-character VIN for the model with a valid ISO 3779 check digit and a model year code. */
export function randomVin(r: Random, model: VehicleModel, year: number): string {
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY123456789'[(year - 2010 + 30) % 30]!;
  const chars = [
    ...model.wmi,
    ...Array.from({ length: 5 }, () => r.pick([...VIN_CHARS])),
    '0',
    yearCode,
    r.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']),
    ...digits(r, 6),
  ];
  const sum = chars.reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : TRANSLITERATION[c]!) * WEIGHTS[i]!, 0);
  chars[8] = sum % 11 === 10 ? 'X' : String(sum % 11);
  return chars.join('');
}
