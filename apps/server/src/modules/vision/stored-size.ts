/**
 * The longest side of a JPEG or PNG as stored (before any EXIF turn), read from its header without decoding:
 * null for another format or a header that cannot be read. Cheap enough to decide on the caller's thread, before
 * asking sharp for anything (decision 0068).
 */
export function storedLongestSide(image: Uint8Array): number | null {
  const at16 = (i: number) => (image[i]! << 8) | image[i + 1]!;
  // PNG: the signature, then IHDR's width and height (32 bits, big-endian).
  if (image.length >= 24 && image[0] === 0x89 && image[1] === 0x50 && image[2] === 0x4e && image[3] === 0x47) {
    const width = at16(16) * 65536 + at16(18);
    const height = at16(20) * 65536 + at16(22);
    return width > 0 && height > 0 ? Math.max(width, height) : null;
  }
  // JPEG: segments after SOI until a start of frame (SOF0–SOF15 but DHT, JPG and DAC), whose height and width follow.
  if (image.length < 4 || image[0] !== 0xff || image[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 <= image.length) {
    if (image[i] !== 0xff) return null;
    const marker = image[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = at16(i + 5);
      const width = at16(i + 7);
      return width > 0 && height > 0 ? Math.max(width, height) : null;
    }
    // SOS or EOI before a frame header: not a picture this reads.
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + at16(i + 2);
  }
  return null;
}
