import { createElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadElements, preloadRoute } from './lazy-page';

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
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Page: () => null });
    const Page = lazyPage(load as () => Promise<{ Page: () => null }>, (m) => m.Page);
    preloadElements([createElement(Page)]);
    await flush();
    preloadElements([createElement(Page)]);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen whose code is already there', () => {
  it('renders directly, without suspending, when its route was preloaded before the first render', async () => {
    const Screen = () => null;
    const Page = lazyPage(
      async () => ({ Screen }),
      (m) => m.Screen,
    );
    await preloadRoute([{ path: '/here', element: createElement(Page) }], '/here');
    const rendered = (Page as (props: object) => ReactElement)({});
    expect(rendered.type).toBe(Screen);
  });

  it('stays on the lazy path once it was first rendered before its code arrived', async () => {
    const Screen = () => null;
    const Page = lazyPage(
      async () => ({ Screen }),
      (m) => m.Screen,
    );
    const first = (Page as (props: object) => ReactElement)({});
    await preloadRoute([{ path: '/here', element: createElement(Page) }], '/here');
    const later = (Page as (props: object) => ReactElement)({});
    expect(later.type).toBe(first.type);
    expect(later.type).not.toBe(Screen);
  });
});
