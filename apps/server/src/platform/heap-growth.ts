import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept before it runs the next
 * one: `percent` more (100: twice the live heap). 0 leaves V8's own choice.
 *
 * Why a floor: V8 picks the factor from its measured speeds, but once its memory reducer has run (a
 * process idle for a few seconds, at start or at night) it grows the heap slowly, by at most 1.3 times,
 * until the heap has grown a good deal. An API process keeping ~50 MB live under load then ran a full
 * collection about every 2 s, each holding its event loop 10–40 ms on shared cores (`--trace-gc` during
 * `bench load --target scale`, 2026-11-26: 63 in 2 min; 7 with this). Twice the live heap costs that live
 * size again in memory at most. V8 reads the flag at each collection, so setting it at start is enough.
 */
export function setHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
