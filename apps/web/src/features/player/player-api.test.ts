import { describe, expect, it } from 'vitest';
import { inlinePlayerOptions, isPlayerOptions } from './player-api';

const options = {
  ref: 'AbCdEfGhIjKlMnOpQrStUv',
  state: 'AVAILABLE',
  shootingType: 'STANDARD',
  logoUrl: null,
  contactInformations: [],
  phone: null,
  lastUserEmail: null,
  webinarUrl: null,
  frames: [{ version: 'v1', width: 1600, height: 1200 }],
  panoramaUrl: null,
  video: null,
};

describe('isPlayerOptions', () => {
  it('accepts the options the server answers and refuses another shape', () => {
    expect(isPlayerOptions(options)).toBe(true);
    expect(isPlayerOptions({ ...options, state: 'BROKEN' })).toBe(false);
    expect(isPlayerOptions({ ...options, frames: [{ width: 1 }] })).toBe(false);
    expect(isPlayerOptions(null)).toBe(false);
    expect(isPlayerOptions({ error: { code: 'NOT_FOUND' } })).toBe(false);
  });
});

describe('inlinePlayerOptions', () => {
  const page = (text: string | null) =>
    ({
      getElementById: (id: string) => (id === 'player-options' && text !== null ? { textContent: text } : null),
    }) as unknown as Document;

  it('takes the options the server put in the page for this ref, and nothing else', () => {
    expect(inlinePlayerOptions(options.ref, page(JSON.stringify(options)))).toEqual(options);
    expect(inlinePlayerOptions('ZzZzZzZzZzZzZzZzZzZzZz', page(JSON.stringify(options)))).toBeUndefined();
    expect(inlinePlayerOptions(options.ref, page(JSON.stringify({ ...options, frames: 'no' })))).toBeUndefined();
    expect(inlinePlayerOptions(options.ref, page('{not json'))).toBeUndefined();
    expect(inlinePlayerOptions(options.ref, page(null))).toBeUndefined();
  });
});
