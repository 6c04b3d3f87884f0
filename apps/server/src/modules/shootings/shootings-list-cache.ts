/** A list page as sent: the JSON body, its ETag, and what it was built from. */
export interface CachedPage {
  body: Buffer;
  etag: string;
  /** The data versions of the caller's owners read before the page was built (shooting_list_versions). */
  versions: string;
  /** Epoch ms from which a rebuilt page would differ without any write: its download links are renewed. */
  until: number;
}

// Per entry beyond body and key: the Map slot, the object, the ETag and versions strings.
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Shootings list pages kept in memory, least recently used out past maxEntries or maxBytes. A page is
 * served again only with the very versions it was built from and before its links are renewed, so the
 * database stays the judge of freshness: a write by any process bumps a version (migration 0010) and
 * the next request rebuilds. Keys carry the caller's scope, so callers never share what they may not see.
 */
export class ShootingListCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly limits: { maxEntries: number; maxBytes: number }) {}

  /** The page under key when it was built from these versions and is still current at `now`. */
  get(key: string, versions: string, now: number): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page === undefined) return undefined;
    this.drop(key, page);
    if (page.versions !== versions || now >= page.until) return undefined;
    this.pages.set(key, page);
    this.bytes += sizeOf(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    const size = sizeOf(key, page);
    if (size > this.limits.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    while (this.pages.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const [oldestKey, oldest] = this.pages.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
  }

  /** Entries and bytes held (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.bytes };
  }

  private drop(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= sizeOf(key, page);
  }
}

const sizeOf = (key: string, page: CachedPage) =>
  page.body.length + key.length + page.versions.length + ENTRY_OVERHEAD_BYTES;
