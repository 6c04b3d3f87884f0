import { describe, expect, it } from 'vitest';
import { seededRandom } from './demo-random';
import { randomRegistration, randomVin, VEHICLE_MODELS } from './demo-vehicles';

const VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]!,
  ]),
);

/** ISO 3779 check digit, computed independently of the generator. */
function checkDigit(vin: string): string {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : VALUES[c]!) * weights[i]!, 0);
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

describe('randomVin', () => {
  it('gives 17 characters without I, O or Q, the brand prefix and a valid check digit', () => {
    const r = seededRandom('vin-test');
    for (let i = 0; i < 200; i++) {
      const model = r.pick(VEHICLE_MODELS);
      const vin = randomVin(r, model, r.int(2016, 2025));
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin.startsWith(model.wmi)).toBe(true);
      expect(vin[8]).toBe(checkDigit(vin));
    }
  });
});

describe('randomRegistration', () => {
  it('is mostly a French SIV registration with its department, never with I, O or U', () => {
    const r = seededRandom('registration-test');
    const regs = Array.from({ length: 300 }, () => randomRegistration(r, 'Lyon'));
    const french = regs.filter((g) => g.country === 'F');
    expect(french.length).toBeGreaterThan(220);
    for (const g of french) {
      expect(g.text).toMatch(/^[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2}$/);
      expect(['69', '01', '38', '42']).toContain(g.department);
    }
    expect(new Set(regs.map((g) => g.country)).size).toBeGreaterThan(2);
  });

  it('is the same for the same seed', () => {
    const a = Array.from(
      { length: 5 },
      (
        (r) => () =>
          randomRegistration(r, 'Paris')
      )(seededRandom('same')),
    );
    const b = Array.from(
      { length: 5 },
      (
        (r) => () =>
          randomRegistration(r, 'Paris')
      )(seededRandom('same')),
    );
    expect(a).toEqual(b);
  });
});
