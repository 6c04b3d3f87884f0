/** The formats whose structure is read here: those the portal stores (images' `StoredFormat`, settings' uploads). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * Where a JPEG, PNG or WebP image's own bytes end, read from its structure (JPEG markers up to EOI, PNG
 * chunks up to IEND, the WebP RIFF size), or null when the structure cannot be walked. A file whose bytes
 * go on past that point is a polyglot (an image with a ZIP behind it) and is refused. JPEGs may be
 * followed by further whole JPEGs (phones append gain maps and depth maps as MPF images) and by padding.
 */
export function imageEnd(bytes: Buffer, format: ImageFormat): number | null {
  if (format === 'png') return pngEnd(bytes);
  if (format === 'webp') return webpEnd(bytes);
  let end = jpegEnd(bytes, 0);
  // Appended whole JPEGs (MPF), one after the other.
  while (end !== null && end + 3 <= bytes.length && bytes[end] === 0xff && bytes[end + 1] === 0xd8) {
    end = jpegEnd(bytes, end);
  }
  return end;
}

/**
 * Whether the file is its image and nothing more: its structure walks to an end, and only padding follows.
 * Every route that takes a picture asks this (the shooting uploads through `inspectImage`, the settings'
 * logos, plate covers, stamp overlays and backgrounds through `checkedImage`).
 */
export const endsWithItsImage = (bytes: Buffer, format: ImageFormat): boolean => {
  const end = imageEnd(bytes, format);
  return end !== null && onlyPaddingAfter(bytes, end);
};

/** Whether everything after `end` is padding (zeros or 0xFF fill), which encoders leave. */
export const onlyPaddingAfter = (bytes: Buffer, end: number): boolean => {
  for (let i = end; i < bytes.length; i++) if (bytes[i] !== 0x00 && bytes[i] !== 0xff) return false;
  return true;
};

function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const size = bytes.readUInt32LE(4) + 8;
  const end = size + (size % 2);
  return size <= bytes.length ? Math.min(end, bytes.length) : null;
}

// Markers without a length: TEM, RST0-7, SOI, EOI.
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd8);

function jpegEnd(bytes: Buffer, start: number): number | null {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return null;
  let at = start + 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(at + 2);
    at += 2 + length;
    if (at > bytes.length) return null;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (at + 1 < bytes.length) {
        if (bytes[at] === 0xff) {
          const m = bytes[at + 1]!;
          if (m !== 0x00 && !(m >= 0xd0 && m <= 0xd7) && m !== 0xff) break;
        }
        at++;
      }
    }
  }
  return null;
}
