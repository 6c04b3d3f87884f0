import { describe, expect, it } from 'vitest';
import { PdfLayout } from './pdf-layout';
import { readPdf } from './pdf-text.test-helper';
import { reportFonts } from './report-fonts';

const render = async (lines: string[]) => {
  const pdf = new PdfLayout(reportFonts(), { title: 'Test', author: 'Forecourt', lang: 'fr' });
  for (const line of lines) {
    pdf.heading(line);
    pdf.paragraph(line);
  }
  return readPdf(await pdf.finish((page, pages) => `${page}/${pages}`)).text;
};

describe('report fonts', () => {
  it('are parsed once and shared by every report', () => {
    expect(reportFonts()).toBe(reportFonts());
  });

  // The shared font keeps the glyphs it read: a letter first read as a part of another (O in Ó) must
  // still be searchable in the reports that follow, and ligatures must still read as their letters.
  it('keep every letter of later reports searchable, whatever the earlier ones held', async () => {
    const first = await render(['ŁÓDŹ-123 Ćwierć żółć', 'Offre effectuée — fiche']);
    expect(first).toContain('ŁÓDŹ-123 Ćwierć żółć');
    expect(first).toContain('Offre effectuée — fiche');
    const second = await render(['RO-200-EF Oferta odkupu', 'Office affiche Øre Åse']);
    expect(second).toContain('RO-200-EF Oferta odkupu');
    expect(second).toContain('Office affiche Øre Åse');
  });
});
