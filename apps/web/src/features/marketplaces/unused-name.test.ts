import { describe, expect, it } from 'vitest';
import { unusedName } from './unused-name';

describe('a copied profile’s name', () => {
  it('is the copy name, numbered when the group already has a profile of that name', () => {
    expect(unusedName('mobile.de (our rules)', ['mobile.de', 'AutoScout24'])).toBe('mobile.de (our rules)');
    expect(unusedName('mobile.de (our rules)', ['mobile.de', 'Mobile.de (our rules)'])).toBe('mobile.de (our rules) 2');
    expect(unusedName('x', ['x', 'x 2'])).toBe('x 3');
  });
});
