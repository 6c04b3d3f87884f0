import { createHash, randomInt } from 'node:crypto';

// No 0, 1, I or O: a code read from a log and typed by hand is not misread.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh code as XXXX-XXXX-XXXX: 12 characters of 32, 60 bits. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
}

/** What is stored: the code's SHA-256 (60 random bits and a rate limit make a slow hash needless). */
export const setupCodeHash = (code: string): string => createHash('sha256').update(code).digest('base64url');
