import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_LIMITS } from '@forecourt/contracts/media';
import { LANGUAGES } from '../../i18n/languages';
import { acceptOf, failureKey, formatBytes, progressOf, refusalOf } from './media-rules';

describe('admin media rules (spec section 5)', () => {
  it('takes MP4 and MOV videos, MP3, Ogg and WAV audio, and refuses the rest with the matching message', () => {
    expect(refusalOf('introduction', { type: 'video/mp4', size: 10 })).toBeNull();
    expect(refusalOf('conclusion', { type: 'video/quicktime', size: 10 })).toBeNull();
    expect(refusalOf('audio', { type: 'audio/mpeg', size: 10 })).toBeNull();
    expect(refusalOf('audio', { type: 'audio/ogg', size: 10 })).toBeNull();
    // The input offers .wav (spec section 5): taken, under each name browsers give it, and made an MP3 by the server.
    for (const type of ['audio/wav', 'audio/x-wav', 'audio/wave'])
      expect(refusalOf('audio', { type, size: 10 })).toBeNull();
    expect(refusalOf('audio', { type: 'audio/flac', size: 10 })).toBe('api.fileAudioFormatError');
    expect(refusalOf('introduction', { type: 'video/webm', size: 10 })).toBe('api.fileVideoFormatError');
    expect(refusalOf('introduction', { type: 'audio/mpeg', size: 10 })).toBe('api.fileVideoFormatError');
  });

  it("shows the server's refusals translated: format, size, and content beyond the media limits", () => {
    expect(failureKey('introduction', 415)).toBe('api.fileVideoFormatError');
    expect(failureKey('audio', 415)).toBe('api.fileAudioFormatError');
    expect(failureKey('conclusion', 413)).toBe('api.fileTooLarge');
    expect(failureKey('introduction', 422)).toBe('api.fileMediaLimits');
    expect(failureKey('introduction', 429)).toBe('api.fileUploadQuota');
    expect(failureKey('introduction', 500)).toBe('api.fileUploadError');
    // The message states the server's limit, in every language.
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../i18n/locales');
    for (const lang of LANGUAGES) {
      const tree = JSON.parse(fs.readFileSync(path.join(dir, lang, 'media-limits.json'), 'utf8')) as {
        api: { fileMediaLimits: string };
      };
      expect(tree.api.fileMediaLimits).toContain(String(MEDIA_LIMITS.maxSeconds / 60));
    }
  });

  it('refuses a file over 5000 MB as too large', () => {
    expect(refusalOf('introduction', { type: 'video/mp4', size: 5_000_000_000 })).toBeNull();
    expect(refusalOf('introduction', { type: 'video/mp4', size: 5_000_000_001 })).toBe('api.fileTooLarge');
  });

  it('offers .wav in the audio input, as the spec says', () => {
    expect(acceptOf('audio')).toContain('.wav');
    expect(acceptOf('introduction')).toContain('.mov');
  });

  it('measures speed and time left from where this session started', () => {
    expect(progressOf({ at: 0, sent: 0 }, 100, 10, 100)).toMatchObject({ bytesPerSecond: null, secondsLeft: null });
    expect(progressOf({ at: 0, sent: 500 }, 2000, 700, 1100)).toEqual({
      sent: 700,
      total: 1100,
      bytesPerSecond: 100,
      secondsLeft: 4,
    });
  });

  it('writes sizes in decimal units', () => {
    expect(formatBytes(12_345_678, 'en')).toBe('12 MB');
    expect(formatBytes(2_500_000_000, 'en')).toBe('2.5 GB');
  });
});
