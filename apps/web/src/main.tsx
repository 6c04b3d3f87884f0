import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/lazy-page';
import { routes } from './app/routes';
import { initI18n } from './i18n/i18n';

// Translations and the current route's screens load before the first render, so no screen flashes
// untranslated keys or a loader. The first render runs as a transition so React yields to the browser
// every few milliseconds instead of blocking input (and painting the server-drawn player frame) for the
// whole mount.
void Promise.all([initI18n(), preloadRoute(routes, window.location.pathname)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
