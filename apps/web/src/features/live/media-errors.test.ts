import { describe, expect, it } from 'vitest';
import { mediaErrorKey } from './media-errors';

describe('media-device errors', () => {
  it('names the cause by the error name, and asks to reload for anything else', () => {
    const err = (name: string) => Object.assign(new Error('x'), { name });
    expect(mediaErrorKey(err('NotFoundError'))).toBe('rooms.mediaErrors.notFound');
    expect(mediaErrorKey(err('NotAllowedError'))).toBe('rooms.mediaErrors.notAllowed');
    expect(mediaErrorKey(err('NotReadableError'))).toBe('rooms.mediaErrors.notReadable');
    expect(mediaErrorKey(err('OverconstrainedError'))).toBe('rooms.mediaErrors.overconstrained');
    expect(mediaErrorKey(new TypeError('no mediaDevices'))).toBe('rooms.mediaErrors.https');
    expect(mediaErrorKey(err('AbortError'))).toBe('rooms.mediaErrors.other');
    expect(mediaErrorKey(null)).toBe('rooms.mediaErrors.other');
  });
});
