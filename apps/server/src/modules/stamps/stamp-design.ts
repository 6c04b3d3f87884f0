import type { StampDesign } from '@forecourt/contracts';

/** The logo a design draws: its bytes as a data URL and its aspect ratio (width / height). */
export interface DesignLogo {
  dataUrl: string;
  aspect: number;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Banner height, as a share of the picture's height. */
export const BANNER_SHARE = 0.11;

/**
 * The SVG of a composed stamp overlay at width × height: the frame, the banner with its text, the logo in
 * its corner, over a transparent picture. Pure, so the designer's preview and the stamped pictures are
 * drawn from the same markup (stamp-overlay.ts renders it).
 */
export function stampDesignSvg(design: StampDesign, width: number, height: number, logo: DesignLogo | null): string {
  const parts: string[] = [];
  const frame = (height * design.frameWidth) / 1000;
  if (frame > 0) {
    parts.push(
      `<rect x="${frame / 2}" y="${frame / 2}" width="${width - frame}" height="${height - frame}" fill="none" stroke="${design.frameColour}" stroke-width="${frame}"/>`,
    );
  }
  const band = height * BANNER_SHARE;
  if (design.banner) {
    const y = design.banner.position === 'top' ? frame : height - frame - band;
    parts.push(
      `<rect x="${frame}" y="${y}" width="${width - 2 * frame}" height="${band}" fill="${design.banner.colour}" opacity="0.92"/>`,
      `<text x="${width / 2}" y="${y + band / 2}" dominant-baseline="central" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${band * 0.42}" fill="${design.banner.textColour}">${xml(design.banner.text)}</text>`,
    );
  }
  if (design.logo && logo) {
    const pad = frame + height * 0.02;
    const h = (height * design.logo.size) / 100;
    const w = Math.min(h * logo.aspect, width * 0.4);
    const right = design.logo.position.endsWith('right');
    const bottom = design.logo.position.startsWith('bottom');
    const x = right ? width - pad - w : pad;
    const y = bottom ? height - pad - h : pad;
    parts.push(
      `<image x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid meet" href="${logo.dataUrl}" xlink:href="${logo.dataUrl}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
