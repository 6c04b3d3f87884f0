import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { storedDarkMode } from './lib/dark-mode';
import { applyPlayerTheme } from './features/player/player-theme';
import { initPlayerI18n } from './i18n/player-i18n';

/**
 * The public player's entry (player.html, which the server serves for /public/player/{reference} and /p/{reference}/{token}): plain
 * React, the player's translations and its page, without the portal's MUI, router or frame, so a phone
 * evaluates only what the player draws. The page's code and its styles arrive together (a dynamic
 * import, which the server preloads); the first render runs as a transition, as the portal's does.
 */
function start() {
  // /public/player/{reference}, or a personal link /p/{reference}/{token} (the token is the beacon's).
  const path = /^\/(?:public\/player\/([^/]+)|p\/([^/]+)\/[^/]+)\/?$/.exec(window.location.pathname);
  const reference = path?.[1] ?? path?.[2] ?? '';
  applyPlayerTheme(storedDarkMode());
  void Promise.all([initPlayerI18n(), import('./features/player/player-app')]).then(([, { PlayerApp }]) => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <PlayerApp reference={reference} />
        </StrictMode>,
      );
    });
  });
}

// In a task of its own, not in the one that evaluates the modules: the first read of localStorage (a
// few ms on a phone) and the imports' start would otherwise lengthen that task, the longest of the page.
window.setTimeout(start, 0);
