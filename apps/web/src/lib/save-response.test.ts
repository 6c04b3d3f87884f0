import { describe, expect, it } from 'vitest';
import { fileNameOf } from './save-response';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, as the marketplace export sends it', () => {
    expect(fileNameOf(`attachment; filename="AB_123.zip"; filename*=UTF-8''AB%C3%A9%20123.zip`, 'x.zip')).toBe(
      'ABé 123.zip',
    );
  });
  it('reads the quoted name, as the audit CSV sends it', () => {
    expect(fileNameOf('attachment; filename="forecourt-audit-2026.csv"', 'x.csv')).toBe('forecourt-audit-2026.csv');
  });
  it('falls back when the server gave no name', () => {
    expect(fileNameOf(null, 'shooting.zip')).toBe('shooting.zip');
    expect(fileNameOf('attachment', 'shooting.zip')).toBe('shooting.zip');
  });
});
