import { lazy, Suspense } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { preloadElements } from './lazy-page';
import { routes } from './routes';
import { AppThemeProvider } from '../components/theme';

const CookieConsent = lazy(() =>
  import('../features/shell/cookie-consent').then((m) => ({ default: m.CookieConsent })),
);

function AppRoutes() {
  const location = useLocation();
  // The frames and the page of this route load together rather than one after the other.
  preloadElements(matchRoutes(routes, location)?.map((m) => m.route.element) ?? []);
  return useRoutes(routes, location);
}

// The declarative router: the data router (createBrowserRouter) would add ~17 KB gzip to every first load
// for loaders and actions the portal does not use.
export function App() {
  return (
    <AppThemeProvider>
      <BrowserRouter>
        <Suspense fallback={<FullPageLoader />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
    </AppThemeProvider>
  );
}
