import { acceptedContentTypes, MAX_MEDIA_BYTES, mediaKindOf, type AdminMediaSlot } from '@forecourt/contracts/media';

/** What the file input offers (spec section 5): for audio also .wav, which the server converts to MP3. */
export const acceptOf = (slot: AdminMediaSlot): string =>
  mediaKindOf(slot) === 'audio'
    ? '.mp3,.ogg,.wav,audio/mpeg,audio/ogg,audio/wav'
    : '.mp4,.mov,video/mp4,video/quicktime';

/** The message key of a chosen file the browser already knows to refuse, or null. */
export function refusalOf(slot: AdminMediaSlot, file: Pick<File, 'type' | 'size'>): string | null {
  if (!acceptedContentTypes(slot).includes(file.type.toLowerCase())) {
    return mediaKindOf(slot) === 'audio' ? 'api.fileAudioFormatError' : 'api.fileVideoFormatError';
  }
  if (file.size > MAX_MEDIA_BYTES) return 'api.fileTooLarge';
  return null;
}

export interface UploadProgress {
  sent: number;
  total: number;
  /** Bytes per second since this session of the upload started; null until measurable. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null until measurable. */
  secondsLeft: number | null;
}

/** Speed and time left from where this session started (a resumed upload counts only what it sends). */
export function progressOf(
  start: { at: number; sent: number },
  now: number,
  sent: number,
  total: number,
): UploadProgress {
  const seconds = (now - start.at) / 1000;
  const speed = seconds >= 0.5 && sent > start.sent ? (sent - start.sent) / seconds : null;
  return { sent, total, bytesPerSecond: speed, secondsLeft: speed ? Math.max(0, (total - sent) / speed) : null };
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Decimal units, as the 5000 MB limit is counted. */
export function formatBytes(bytes: number, locale: string): string {
  let v = bytes;
  let u = 0;
  while (v >= 1000 && u < UNITS.length - 1) {
    v /= 1000;
    u += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: v < 10 && u > 0 ? 1 : 0 }).format(v)} ${UNITS[u]}`;
}

/**
 * The spec's message for a failed upload: the format errors when the server refused the content, the
 * limits' message when it is beyond what the server processes (422 MEDIA_LIMITS_EXCEEDED), the quota's
 * when the user holds too many unfinished uploads (429).
 */
export function failureKey(slot: AdminMediaSlot, status: number | null): string {
  if (status === 415) return slot === 'audio' ? 'api.fileAudioFormatError' : 'api.fileVideoFormatError';
  if (status === 413) return 'api.fileTooLarge';
  if (status === 422) return 'api.fileMediaLimits';
  if (status === 429) return 'api.fileUploadQuota';
  return 'api.fileUploadError';
}
