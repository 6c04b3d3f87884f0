/* global document, window */
// The public player's scripts. The server puts this script, with the page's module entry and
// modulepreloads in its data attributes, in place of those tags when the page carries the phone's first
// frame itself (apps/server/src/modules/players/player-page.ts). Where that frame shows (the media query of
// data-paint-first), the scripts start once it has painted: the car shows at once, rather than waiting
// behind the evaluation of the portal's code on a slow phone, and the code's download does not compete
// with it. Elsewhere the frame is downloaded like the code, and both start at once.
(() => {
  const me = document.currentScript;
  const entry = me && me.dataset.entry;
  if (!entry) return;
  const modules = (me.dataset.modules || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    // One preload per task: starting a fetch costs the main thread a little, a phone's some 5 ms each.
    const preload = (i) => {
      if (i >= modules.length) return;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.append(link);
      window.setTimeout(preload, 0, i + 1);
    };
    preload(0);
  };
  const paintFirst = me.dataset.paintFirst && window.matchMedia && window.matchMedia(me.dataset.paintFirst).matches;
  // A hidden tab does not paint; a browser without paint timing, or a frame slow to paint, must not hold
  // the player back for long either.
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (!paintFirst || document.visibilityState === 'hidden' || !paintTiming) return start();
  window.setTimeout(start, 1000);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
})();
