import { describe, expect, it } from 'vitest';
import { ShootingListCache, type CachedPage } from './shootings-list-cache';

const page = (text: string, versions = '1,1', until = 1_000): CachedPage => ({
  body: Buffer.from(text),
  etag: `"${text}"`,
  versions,
  until,
});

describe('ShootingListCache', () => {
  it('hands a page back only with the versions it was built from and before its links renew', () => {
    const cache = new ShootingListCache({ maxEntries: 10, maxBytes: 1_000_000 });
    const p = page('a', '3,7', 1_000);
    cache.set('k', p);
    expect(cache.get('k', '3,7', 999)).toBe(p);
    expect(cache.get('other', '3,7', 999)).toBeUndefined();
    expect(cache.get('k', '3,8', 999)).toBeUndefined();
    // An outdated page is dropped, not kept for later: the same versions no longer find it.
    expect(cache.get('k', '3,7', 999)).toBeUndefined();
    cache.set('k', p);
    expect(cache.get('k', '3,7', 1_000)).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('keeps at most maxEntries pages, the least recently used out first', () => {
    const cache = new ShootingListCache({ maxEntries: 2, maxBytes: 1_000_000 });
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    expect(cache.get('a', '1,1', 0)).toBeDefined();
    cache.set('c', page('c'));
    expect(cache.get('b', '1,1', 0)).toBeUndefined();
    expect(cache.get('a', '1,1', 0)).toBeDefined();
    expect(cache.get('c', '1,1', 0)).toBeDefined();
  });

  it('keeps its bytes under maxBytes, replacing a key without counting it twice, and skips a page larger than the bound', () => {
    const cache = new ShootingListCache({ maxEntries: 100, maxBytes: 2_000 });
    cache.set('a', page('x'.repeat(600)));
    cache.set('a', page('y'.repeat(600)));
    const one = cache.size.bytes;
    expect(cache.size.entries).toBe(1);
    cache.set('b', page('x'.repeat(600)));
    expect(cache.size.bytes).toBe(2 * one);
    cache.set('c', page('x'.repeat(600)));
    expect(cache.size).toEqual({ entries: 2, bytes: 2 * one });
    expect(cache.get('a', '1,1', 0)).toBeUndefined();
    cache.set('huge', page('x'.repeat(5_000)));
    expect(cache.get('huge', '1,1', 0)).toBeUndefined();
    expect(cache.size.entries).toBe(2);
  });
});
