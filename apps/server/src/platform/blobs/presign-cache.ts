import type { Clock } from '../clock';
import type { BlobStore } from './blob-store';

/**
 * Download links reused across requests: a link's expiry is rounded up to the end of a time bucket, so
 * every request in that bucket asks for the same (key, expiry) and gets the link signed the first time,
 * from a bounded LRU. Each link handed out still has at least the asked lifetime left, and a browser
 * sees the same URL for a while and can cache the file. The store's signature and expiry checks are
 * untouched: the cached links are the store's own.
 */
export class PresignCache {
  private readonly kept = new Map<string, string>();

  constructor(
    private readonly blobs: Pick<BlobStore, 'presignGet'>,
    private readonly clock: Clock,
    private readonly opts: { bucketSeconds: number; max: number },
  ) {}

  private expiryFor(now: number, expiresInSeconds: number): number {
    const { bucketSeconds } = this.opts;
    return Math.ceil((now + expiresInSeconds) / bucketSeconds) * bucketSeconds;
  }

  /**
   * Epoch ms from which get() hands out renewed links for this lifetime: until then it returns the very
   * links it returns now, so a response built from them may be sent again unchanged.
   */
  sameLinksUntil(expiresInSeconds: number): number {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return (this.expiryFor(now, expiresInSeconds) - expiresInSeconds + 1) * 1000;
  }

  async get(key: string, expiresInSeconds: number): Promise<string> {
    return (await this.getMany([key], expiresInSeconds))[0]!;
  }

  /**
   * The links of several blobs (null for none), read at one instant: a page's links come from the kept
   * ones without waiting (one clock read, no promise per link), and only the missing ones are signed.
   */
  async getMany(keys: readonly (string | null)[], expiresInSeconds: number): Promise<(string | null)[]> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = this.expiryFor(now, expiresInSeconds);
    const links: (string | null)[] = new Array<string | null>(keys.length).fill(null);
    let missing: number[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (!key) continue;
      const id = `${expires} ${key}`;
      const hit = this.kept.get(id);
      if (hit === undefined) {
        (missing ??= []).push(i);
        continue;
      }
      this.kept.delete(id);
      this.kept.set(id, hit);
      links[i] = hit;
    }
    if (!missing) return links;
    await Promise.all(
      missing.map(async (i) => {
        const key = keys[i]!;
        const url = await this.blobs.presignGet(key, { expiresInSeconds: expires - now });
        this.kept.set(`${expires} ${key}`, url);
        if (this.kept.size > this.opts.max) this.kept.delete(this.kept.keys().next().value!);
        links[i] = url;
      }),
    );
    return links;
  }
}
