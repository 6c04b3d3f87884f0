import { catalogueFolderGaps } from '@forecourt/contracts/catalogue-files.fixture';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The portal's completeness check (apps/web/src/i18n/locales.test.ts) over this module's catalogue.
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

describe('report-texts catalogue', () => {
  for (const { file, absent, gaps } of catalogueFolderGaps(folder)) {
    it(`${file}: every language has every English key, none empty`, () => {
      expect(absent, `${file} is missing in these languages`).toEqual([]);
      expect(gaps, `${file} lacks keys or has empty texts`).toEqual([]);
    });
  }
});
