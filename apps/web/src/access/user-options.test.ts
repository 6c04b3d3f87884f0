import { afterEach, describe, expect, it, vi } from 'vitest';

// The web config (api-key) the options call needs, as the server serves it.
vi.mock('../api/web-config', () => ({ getWebConfig: vi.fn(async () => ({ apiKey: 'the-api-key' })) }));

const { getWebConfig } = await import('../api/web-config');
const { fetchUserOptions, OPTIONS_TIMEOUT_MS } = await import('./user-options');
const { request, MAIN_API_TIMEOUT_MS } = await import('../api/http');

describe('the options call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is skipped when the username, the host or the api-key is missing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await fetchUserOptions(undefined, 'http://h.test')).toBeNull();
    expect(await fetchUserOptions('u', '')).toBeNull();
    vi.mocked(getWebConfig).mockResolvedValueOnce({ apiKey: '' } as never);
    expect(await fetchUserOptions('u', 'http://h.test')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers the options, and null on any failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ name: 'useVideoLive', value: true }]), { status: 200 })),
    );
    expect(await fetchUserOptions('u', 'http://h.test')).toEqual([{ name: 'useVideoLive', value: true }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"NOT_FOUND","message":"x"}}', { status: 404 })),
    );
    expect(await fetchUserOptions('u', 'http://h.test')).toBeNull();
  });

  it('gives up after 30 s (the main client after 60 s) with status 500, and maps cancellation to 100', async () => {
    expect(OPTIONS_TIMEOUT_MS).toBe(30_000);
    expect(MAIN_API_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const timedOut = request('/api/x', { timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await timedOut).toMatchObject({ status: 500 });
    const controller = new AbortController();
    const cancelled = request('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1);
    controller.abort();
    expect(await cancelled).toMatchObject({ status: 100 });
  });
});
