import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen (or frame) whose code arrives with the first route that shows it. Its module is fetched once;
 * `preloadElements` starts every matched route's fetch at once, so nested frames and the page do not
 * load one after the other.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  let loading: Promise<M> | null = null;
  const once = () => (loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  }));
  const Page = lazy(() => once().then((m) => ({ default: pick(m) })));
  loaders.set(Page, once);
  return Page;
}

/** Starts fetching the lazy screens among these route elements. */
export function preloadElements(elements: ReactNode[]): void {
  for (const element of elements) {
    if (isValidElement(element)) void loaders.get(element.type as object)?.().catch(() => undefined);
  }
}
