import { createHash } from 'node:crypto';

/**
 * Demo data must come out the same on every run so that a second seed finds every row it would write:
 * ids are derived from names, choices from a seeded generator.
 */
export function demoUuid(name: string): string {
  const h = createHash('sha1').update(`forecourt-demo:${name}`).digest('hex');
  // Shaped as a version 5 UUID (name-based, SHA-1), variant 10xx.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast and good enough for picking demo values. */
export function seededRandom(seed: string): Random {
  let a = createHash('sha1').update(seed).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}
