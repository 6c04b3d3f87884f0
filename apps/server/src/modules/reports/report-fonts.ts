import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

const require = createRequire(import.meta.url);

export interface ReportFonts {
  regular: Font;
  bold: Font;
}

let cached: ReportFonts | null = null;

/**
 * DejaVu Sans, embedded in every report: it covers every letter of the ten portal languages (Polish
 * ą ę ł ń ś ź ż, Nordic å æ ø, …), which the PDF standard fonts do not. Parsed once per process and
 * shared by every report: given the file instead, pdfkit would parse its tables again for each document,
 * most of the memory and time a report takes.
 */
export function reportFonts(): ReportFonts {
  cached ??= { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') };
  return cached;
}

/**
 * fontkit keeps each glyph it reads, with the characters it was first read for; pdfkit writes those
 * characters into the PDF so that its text can be searched and copied. A glyph first read as a part of
 * another (the O of Ó, when a report's subset is written) would be kept with none, and every later
 * report would lose that letter from its text: every glyph is read for its character up front. Except
 * the presentation forms (ligatures such as ﬁ, Arabic letter forms): the layout makes those of other
 * characters, and must keep them (f and i), as it does in a font of their own.
 */
function parse(file: string): Font {
  const font = create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  for (const codePoint of font.characterSet) if (!isPresentationForm(codePoint)) font.glyphForCodePoint(codePoint);
  return font;
}

const isPresentationForm = (codePoint: number): boolean =>
  (codePoint >= 0xfb00 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff);
