import { createElement, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen (or frame) whose code arrives with the first route that shows it. Its module is fetched once;
 * `preloadElements` starts every matched route's fetch at once, so nested frames and the page do not
 * load one after the other. When the code is already there at the first render (see `preloadRoute`), the
 * screen renders directly: a lazy boundary suspends once even for a loaded module, and React throttles
 * the reveal of suspended content (~300 ms per boundary), which nested frames would add up.
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): ComponentType<P> {
  let loading: Promise<M> | null = null;
  let loaded: ComponentType<P> | null = null;
  const once = () =>
    (loading ??= load().then(
      (m) => {
        loaded = pick(m);
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => once().then((m) => ({ default: pick(m) })));
  // Chosen at the first render and kept: switching element types later would remount the screen.
  let direct: ComponentType<P> | null | undefined;
  function Page(props: P) {
    if (direct === undefined) direct = loaded;
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  loaders.set(Page, once);
  return Page;
}

function load(elements: ReactNode[]): Promise<unknown>[] {
  return elements.map((element) =>
    isValidElement(element)
      ? (loaders
          .get(element.type as object)?.()
          .catch(() => undefined) ?? Promise.resolve())
      : Promise.resolve(),
  );
}

/** Starts fetching the lazy screens among these route elements. */
export function preloadElements(elements: ReactNode[]): void {
  void load(elements);
}

/**
 * Fetches the frames and the page of the route at this path; the first render waits for it so the screen
 * appears whole. A failed fetch is left to the lazy path, which retries and reports it.
 */
export async function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(load(matchRoutes(routes, pathname)?.map((m) => m.route.element) ?? []));
}
