import { catalogueFolderGaps } from '@forecourt/contracts/catalogue-files.fixture';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The completeness check every catalogue folder passes (the server's sign-in pages and reports too).
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

describe('locale files', () => {
  const files = catalogueFolderGaps(folder);

  it('exist for every feature', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const { file, absent, gaps } of files) {
    it(`${file}: every language has every English key, none empty`, () => {
      expect(absent, `${file} is missing in these languages`).toEqual([]);
      expect(gaps, `${file} lacks keys or has empty texts`).toEqual([]);
    });
  }
});
