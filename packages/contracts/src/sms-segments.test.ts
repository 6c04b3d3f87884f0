import { describe, expect, it } from 'vitest';
import { smsCost } from './sms-segments';

describe('what an SMS costs', () => {
  it('fits 160 GSM characters in one SMS and parts of 153 beyond', () => {
    expect(smsCost('a'.repeat(160))).toEqual({ length: 160, segments: 1, outside: null });
    expect(smsCost('a'.repeat(161)).segments).toBe(2);
    expect(smsCost('a'.repeat(306)).segments).toBe(2);
    expect(smsCost('a'.repeat(307)).segments).toBe(3);
    expect(smsCost('Découvrez votre véhicule : Ä ñ ß').outside).toBeNull();
  });

  it('counts the extension table twice', () => {
    expect(smsCost('€'.repeat(80))).toEqual({ length: 160, segments: 1, outside: null });
    expect(smsCost(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('sends a text with one character outside the alphabet (°, ó, í, an emoji) in UCS-2: 70, then parts of 67', () => {
    expect(smsCost(`in 360°${'a'.repeat(63)}`)).toEqual({ length: 70, segments: 1, outside: '°' });
    expect(smsCost(`Zobacz swój pojazd ${'a'.repeat(52)}`)).toMatchObject({ segments: 2, outside: 'ó' });
    expect(smsCost('a'.repeat(134) + 'í').segments).toBe(3);
  });
});
