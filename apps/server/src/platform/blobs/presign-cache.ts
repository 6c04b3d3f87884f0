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
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = this.expiryFor(now, expiresInSeconds);
    const id = `${expires} ${key}`;
    const hit = this.kept.get(id);
    if (hit !== undefined) {
      this.kept.delete(id);
      this.kept.set(id, hit);
      return hit;
    }
    const url = await this.blobs.presignGet(key, { expiresInSeconds: expires - now });
    this.kept.set(id, url);
    if (this.kept.size > this.opts.max) this.kept.delete(this.kept.keys().next().value!);
    return url;
  }
}
