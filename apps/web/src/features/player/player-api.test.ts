import { describe, expect, it } from 'vitest';
import { isPlayerOptions } from './player-api';

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
