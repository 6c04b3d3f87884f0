import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** scrypt with a random salt, stored as `scrypt$<salt>$<hash>` in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** A hash of a random password no one knows, made once per process. */
export const throwawayHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

/**
 * Whether the password is right for an account that may not exist: without an account (or without a
 * password of its own) it is checked against a throwaway hash and refused, so a wrong e-mail costs as much
 * time as a wrong password and the answer's delay tells nothing about which accounts exist.
 */
export async function verifyAccountPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, await throwawayHash());
  return false;
}
