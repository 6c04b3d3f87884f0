import PDFDocument from 'pdfkit';
import type { ReportFonts } from './report-fonts';

const MARGIN = 40;
const FOOTER_SPACE = 30;
const GREY = '#555555';
const RULE = '#d0d0d0';
const PHOTO_GAP = 10;

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** The building blocks of a report page: pdfkit drawing with page breaks handled in one place. */
export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(fonts: ReportFonts, info: { title: string; author: string; lang: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      lang: info.lang,
      info: { Title: info.title, Author: info.author, Creator: 'Forecourt' },
    });
    // pdfkit takes a parsed font where its types only say "font file" (it checks for `layout`).
    this.doc.registerFont('Body', fonts.regular as unknown as Buffer);
    this.doc.registerFont('Bold', fonts.bold as unknown as Buffer);
    this.doc.font('Body').fontSize(10);
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_SPACE;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** Logo on the left, the dealer's name, phone and contact lines on the right, then the title. */
  header(opts: {
    logo: Buffer | null;
    ownerName: string;
    phone: string | null;
    contact: { title: string; value: string }[];
    title: string;
  }): void {
    const { doc } = this;
    const top = MARGIN;
    if (opts.logo) doc.image(opts.logo, MARGIN, top, { fit: [160, 56], valign: 'center' });
    const x = MARGIN + this.width / 2;
    const w = this.width / 2;
    doc.font('Bold').fontSize(12).fillColor('black').text(opts.ownerName, x, top, { width: w, align: 'right' });
    doc.font('Body').fontSize(8).fillColor(GREY);
    if (opts.phone) doc.text(opts.phone, { width: w, align: 'right' });
    for (const c of opts.contact) doc.text(`${c.title}: ${c.value}`, { width: w, align: 'right' });
    doc.y = Math.max(doc.y, top + 60) + 12;
    doc.font('Bold').fontSize(20).fillColor('black').text(opts.title, MARGIN, doc.y, { width: this.width });
    this.rule();
  }

  rule(): void {
    const { doc } = this;
    doc.moveDown(0.3);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + this.width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
  }

  /**
   * A section heading; `keepWith` is the height of what must follow it on the same page (a photo row), so a
   * heading never sits alone at the bottom of a page.
   */
  heading(text: string, colour = 'black', keepWith = 0): void {
    this.ensureSpace(40 + keepWith);
    this.doc.moveDown(0.4);
    this.doc.font('Bold').fontSize(13).fillColor(colour).text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
    this.doc.fillColor('black');
  }

  paragraph(text: string, opts: { bold?: boolean; size?: number; colour?: string } = {}): void {
    const { doc } = this;
    doc
      .font(opts.bold ? 'Bold' : 'Body')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.colour ?? 'black');
    this.ensureSpace(doc.heightOfString(text, { width: this.width }));
    doc.text(text, MARGIN, doc.y, { width: this.width });
  }

  /** Label and value pairs in two columns. */
  facts(pairs: [string, string][]): void {
    const { doc } = this;
    const colWidth = this.width / 2;
    for (let i = 0; i < pairs.length; i += 2) {
      this.ensureSpace(16);
      const y = doc.y;
      let rowBottom = y;
      pairs.slice(i, i + 2).forEach(([label, value], col) => {
        const x = MARGIN + col * colWidth;
        doc.font('Body').fontSize(8).fillColor(GREY).text(label, x, y, { width: 110 });
        doc
          .font('Bold')
          .fontSize(10)
          .fillColor('black')
          .text(value, x + 112, y, { width: colWidth - 116 });
        rowBottom = Math.max(rowBottom, doc.y);
      });
      doc.y = rowBottom + 3;
    }
    doc.x = MARGIN;
  }

  /** A table whose header is repeated on every page it runs onto. */
  table(columns: Column[], rows: string[][], opts: { boldLastRow?: boolean } = {}): void {
    const { doc } = this;
    const drawHeader = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, this.width, 16).fill('#f0f0f0');
      this.row(
        columns,
        columns.map((c) => c.header),
        y + 4,
        { bold: true, size: 8 },
      );
      doc.y = y + 18;
    };
    this.ensureSpace(40);
    drawHeader();
    rows.forEach((cells, index) => {
      const bold = opts.boldLastRow === true && index === rows.length - 1;
      doc.font(bold ? 'Bold' : 'Body').fontSize(9);
      const height =
        Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 6 }))) + 6;
      if (doc.y + height > this.bottom) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      this.row(columns, cells, y + 3, { bold, size: 9 });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + this.width, y + height)
        .lineWidth(0.3)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + height;
    });
    doc.x = MARGIN;
    doc.moveDown(0.5);
  }

  private row(columns: Column[], cells: string[], y: number, opts: { bold: boolean; size: number }): void {
    let x = MARGIN;
    this.doc
      .font(opts.bold ? 'Bold' : 'Body')
      .fontSize(opts.size)
      .fillColor('black');
    columns.forEach((c, i) => {
      this.doc.text(cells[i] ?? '', x + 3, y, { width: c.width - 6, align: c.align ?? 'left' });
      x += c.width;
    });
  }

  /** The height the first row of a photo grid takes (what a heading above it keeps with it). */
  photoRowHeight(photos: { image: Buffer; caption?: string }[]): number {
    const imageHeight = ((this.width - 2 * PHOTO_GAP) / 3) * 0.75;
    return imageHeight + (photos.slice(0, 3).some((p) => p.caption) ? 30 : 10);
  }

  /** Photos three to a row, each with an optional caption below. */
  photoGrid(photos: { image: Buffer; caption?: string }[]): void {
    const { doc } = this;
    const gap = PHOTO_GAP;
    const cell = (this.width - 2 * gap) / 3;
    const imageHeight = cell * 0.75;
    for (let i = 0; i < photos.length; i += 3) {
      this.ensureSpace(this.photoRowHeight(photos.slice(i, i + 3)));
      const captioned = photos.slice(i, i + 3).some((p) => p.caption);
      const y = doc.y;
      photos.slice(i, i + 3).forEach((p, col) => {
        const x = MARGIN + col * (cell + gap);
        doc.image(p.image, x, y, { fit: [cell, imageHeight], align: 'center', valign: 'center' });
        if (p.caption)
          doc
            .font('Body')
            .fontSize(7.5)
            .fillColor(GREY)
            .text(p.caption, x, y + imageHeight + 3, { width: cell, height: 20, ellipsis: true });
      });
      doc.y = y + imageHeight + (captioned ? 28 : 10);
    }
    doc.x = MARGIN;
    doc.fillColor('black');
  }

  /** Writes the footer on every page and returns the finished file. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing inside the bottom margin would otherwise make pdfkit open a new page.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Body')
        .fontSize(7.5)
        .fillColor(GREY)
        .text(footer(i + 1, range.count), MARGIN, doc.page.height - MARGIN - 10, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    return this.done;
  }
}
