import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadElements } from './lazy-page';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazy screens', () => {
  it('are fetched once, however often the route they belong to is matched', async () => {
    const load = vi.fn(async () => ({ Page: () => null }));
    const Page = lazyPage(load, (m) => m.Page);
    preloadElements([createElement(Page), createElement('div'), 'text', null]);
    preloadElements([createElement(Page)]);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are fetched again after a failed attempt', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Page: () => null });
    const Page = lazyPage(load as () => Promise<{ Page: () => null }>, (m) => m.Page);
    preloadElements([createElement(Page)]);
    await flush();
    preloadElements([createElement(Page)]);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
