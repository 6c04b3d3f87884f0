import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);
const CookieConsent = lazy(() => import('../features/shell/cookie-consent').then((m) => ({ default: m.CookieConsent })));

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
    </Providers>
  );
}
