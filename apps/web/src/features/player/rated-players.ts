/** The players this browser has rated, so that a reload shows the rating as received rather than the form. */
const KEY = 'forecourt.ratedPlayers';
/** Enough for a visitor's recent players; the oldest go first. */
const KEEP = 50;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function read(storage: Storage): string[] {
  try {
    const refs: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(refs) ? refs.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export const hasRated = (ref: string, storage: Storage = localStorage): boolean => read(storage).includes(ref);

export function markRated(ref: string, storage: Storage = localStorage): void {
  const refs = read(storage).filter((r) => r !== ref);
  storage.setItem(KEY, JSON.stringify([...refs, ref].slice(-KEEP)));
}
