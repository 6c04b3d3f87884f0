import { useEffect, useState } from 'react';

/**
 * Whether the media query matches: read once when mounted, then on its change events only. MUI's
 * useMediaQuery reads `matches` again in every render, and in the call that is a forced style recalculation
 * in each of its renders — on a join, while the page has the media to start (bench live's LIVE_PROFILE).
 */
export function useMatchMedia(query: string): boolean {
  const [matches, setMatches] = useState(() =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const changed = () => setMatches(list.matches);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
  return matches;
}
