import { describe, expect, it } from 'vitest';
import { hasOption } from './options';

describe('hasOption', () => {
  it('is on for a true switch or a non-empty list, off for anything else', () => {
    const options = { on: true, off: false, list: ['VIN'], empty: [], text: 'true', one: 1 };
    expect(hasOption(options, 'on')).toBe(true);
    expect(hasOption(options, 'list')).toBe(true);
    for (const name of ['off', 'empty', 'text', 'one', 'missing']) expect(hasOption(options, name)).toBe(false);
    expect(hasOption(null, 'on')).toBe(false);
    expect(hasOption(undefined, 'on')).toBe(false);
  });
});
