// fontkit (pdfkit's font engine) ships no types. Reports only parse a font once and hand it to pdfkit,
// which accepts a parsed font wherever it accepts a font file.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    /** Every code point the font has a glyph for. */
    readonly characterSet: number[];
    layout(text: string): unknown;
    glyphForCodePoint(codePoint: number): unknown;
  }
  export function create(data: Uint8Array): Font;
}
