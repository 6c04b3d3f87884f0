import { describe, expect, it } from 'vitest';
import { RegistrationInput, registrationKey, registrationProblem } from './products';

describe('registrations as dealers type them', () => {
  it('accepts the plates of the ten languages’ countries, upper-cased', () => {
    for (const plate of ['TÜ-AB 123', 'ÅLS 123', 'ŁDZ 1234', 'ÖV-12-34', 'AB-123-CD', 'Ñ 1234 ÇÉ'])
      expect(RegistrationInput.safeParse(plate.toLowerCase()).data, plate).toBe(plate);
  });

  it('says what is wrong: emoji and symbols, more than 20 characters, nothing', () => {
    expect(registrationProblem('AB-123 🚗')).toBe('characters');
    expect(registrationProblem('AB_123')).toBe('characters');
    expect(registrationProblem('ДВ-123')).toBe('characters');
    expect(registrationProblem('AB-123-CD-456-EF-789-G')).toBe('tooLong');
    expect(registrationProblem('   ')).toBe('required');
    expect(RegistrationInput.safeParse('AB-123 🚗').success).toBe(false);
  });

  it('searches without spaces, dashes or case', () => {
    expect(registrationKey('sz 304-ar')).toBe('SZ304AR');
    expect(registrationKey('ZA-067-SK')).toBe(registrationKey('ZA 067SK'));
  });
});
