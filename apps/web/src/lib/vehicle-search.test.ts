import { describe, expect, it } from 'vitest';
import { searchedVehicle } from './vehicle-search';

const items = (...registrations: string[]) => registrations.map((registration) => ({ registration }));

describe('searchedVehicle', () => {
  it('links the searched registration when a result carries it, whatever its case', () => {
    expect(searchedVehicle(' ab-123-cd ', items('AB-123-CD', 'AB-123-CDE'))).toBe('AB-123-CD');
  });

  it('links the car typed without its dashes or with spaces, under its own spelling', () => {
    expect(searchedVehicle('sz304ar', items('SZ-304-AR', 'SZ-304-ARX'))).toBe('SZ-304-AR');
    expect(searchedVehicle('ZA-067-SK', items('ZA 067SK', 'ZA 067SKI'))).toBe('ZA 067SK');
  });

  it('links the one car a fragment narrowed the list to', () => {
    expect(searchedVehicle('123', items('AB-123-CD', 'AB-123-CD'))).toBe('AB-123-CD');
  });

  it('links nothing without a search, without results or for several cars', () => {
    expect(searchedVehicle('', items('AB-123-CD'))).toBeNull();
    expect(searchedVehicle('AB-123-CD', [])).toBeNull();
    expect(searchedVehicle('AB', items('AB-123-CD', 'AB-456-EF'))).toBeNull();
  });
});
