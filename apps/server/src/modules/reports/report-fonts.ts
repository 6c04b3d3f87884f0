import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
}

let cached: ReportFonts | null = null;

/**
 * DejaVu Sans, embedded in every report: it covers every letter of the ten portal languages (Polish
 * ą ę ł ń ś ź ż, Nordic å æ ø, …), which the PDF standard fonts do not. Read once per process.
 */
export function reportFonts(): ReportFonts {
  cached ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return cached;
}
