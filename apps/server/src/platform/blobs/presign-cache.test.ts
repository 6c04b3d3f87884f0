import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { PresignCache } from './presign-cache';

describe('PresignCache (download links reused within a time bucket)', () => {
  const clock = new TestClock('2026-03-02T09:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let signed = 0;
  let cache: PresignCache;
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const expOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));
  const download = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    app = await buildApp(adapters);
    await adapters.blobs.put('cache/a.jpg', Buffer.from('a'), 'image/jpeg');
    await adapters.blobs.put('cache/b.jpg', Buffer.from('b'), 'image/jpeg');
    const counting = {
      presignGet: (key: string, o: { expiresInSeconds: number }) => (signed++, adapters.blobs.presignGet(key, o)),
    };
    cache = new PresignCache(counting, clock, { bucketSeconds: 300, max: 1 });
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('hands out the same working link within a bucket, each with at least the asked lifetime left', async () => {
    const first = await cache.get('cache/a.jpg', 60);
    expect(expOf(first) - now()).toBeGreaterThanOrEqual(60);
    clock.advance(100_000);
    const again = await cache.get('cache/a.jpg', 60);
    expect(again).toBe(first);
    expect(signed).toBe(1);
    expect(expOf(again) - now()).toBeGreaterThanOrEqual(60);
    expect(await download(again)).toBe(200);
  });

  it('signs a new link once the bucket would leave less than the lifetime, and the old one expires as signed', async () => {
    const old = await cache.get('cache/a.jpg', 60);
    clock.advance((expOf(old) - now() - 30) * 1000);
    const fresh = await cache.get('cache/a.jpg', 60);
    expect(fresh).not.toBe(old);
    expect(expOf(fresh) - now()).toBeGreaterThanOrEqual(60);
    clock.advance(31_000);
    expect(await download(old)).toBe(403);
    expect(await download(fresh)).toBe(200);
  });

  it('says until when it hands out the very same links, and renews them from then on', async () => {
    const link = await cache.get('cache/a.jpg', 60);
    const until = cache.sameLinksUntil(60);
    expect(until).toBeGreaterThan(clock.now().getTime());
    clock.advance(until - clock.now().getTime() - 1);
    expect(await cache.get('cache/a.jpg', 60)).toBe(link);
    clock.advance(1);
    expect(await cache.get('cache/a.jpg', 60)).not.toBe(link);
  });

  it('still refuses a tampered link', async () => {
    const url = new URL(await cache.get('cache/a.jpg', 60), 'http://x');
    url.searchParams.set('exp', String(expOf(url.toString()) + 3600));
    expect(await download(`${url.pathname}${url.search}`)).toBe(403);
  });

  it('gives a page’s links in its order, null for none, signing only those it does not keep', async () => {
    const page = new PresignCache({ presignGet: (key, o) => (signed++, adapters.blobs.presignGet(key, o)) }, clock, {
      bucketSeconds: 300,
      max: 10,
    });
    const a = await page.get('cache/a.jpg', 60);
    const before = signed;
    const links = await page.getMany(['cache/b.jpg', null, 'cache/a.jpg'], 60);
    expect(links[0]).toMatch(/^\/blobs\/cache\/b\.jpg\?/);
    expect(links.slice(1)).toEqual([null, a]);
    expect(signed).toBe(before + 1);
    expect(await download(links[0]!)).toBe(200);
    expect(await page.getMany(['cache/a.jpg', 'cache/b.jpg'], 60)).toEqual([a, links[0]]);
    expect(signed).toBe(before + 1);
  });

  it('keeps at most max links, least recently used out first', async () => {
    const before = signed;
    await cache.get('cache/b.jpg', 60);
    await cache.get('cache/a.jpg', 60);
    expect(signed).toBe(before + 2);
  });
});
