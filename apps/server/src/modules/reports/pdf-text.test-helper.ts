import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Opens a PDF with poppler as a reader would: its page count and its text, spaces normalised. */
export function readPdf(bytes: Buffer): { pages: number; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return { pages, text: text.replace(/[\s\u00a0\u202f]+/g, ' ') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
