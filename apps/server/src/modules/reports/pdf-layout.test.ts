import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfLayout } from './pdf-layout';
import { reportFonts } from './report-fonts';

describe('report page breaks', () => {
  it('takes a heading to the next page with the first photo row instead of leaving it alone at the bottom', async () => {
    const pdf = new PdfLayout(reportFonts(), { title: 'Damages', author: 'Forecourt', lang: 'en' });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const cells = [{ image: photo }, { image: photo }, { image: photo }];
    // Fill the page until a heading alone would still fit, but not the row of photos under it.
    const room = pdf.photoRowHeight(cells);
    const bottom = pdf.doc.page.height - 40 - 30;
    pdf.doc.y = bottom - 40 - room / 2;
    pdf.heading('Photos', 'black', room);
    const headingPage = pdf.doc.bufferedPageRange().count;
    const headingY = pdf.doc.y;
    pdf.photoGrid(cells);
    expect(headingPage).toBe(2);
    expect(pdf.doc.bufferedPageRange().count).toBe(2);
    expect(headingY).toBeLessThan(200);
  });
});
