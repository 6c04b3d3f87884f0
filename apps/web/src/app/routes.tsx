import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../auth/require-auth';
import { CALLBACK_PATH } from '../auth/session';
import { LoginCallback } from '../features/auth/login-callback';
import { RequireOption } from '../features/auth/require-option';
import { NotFoundPage } from '../features/not-found/not-found-page';

/**
 * The route table of spec section 2. Features add their routes here; pages are lazy so each route loads
 * only its own code.
 */
export const routes: RouteObject[] = [
  { path: CALLBACK_PATH, element: <LoginCallback /> },
  // No header or footer on the login page.
  { path: '/login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  {
    // The frame loads with the first screen that needs it: the login page does without.
    lazy: () => import('./app-layout').then((m) => ({ Component: m.AppLayout })),
    children: [
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to="/shootings" replace /> },
          { path: '/shootings', lazy: () => import('../features/shootings/shootings-page').then((m) => ({ Component: m.ShootingsPage })) },
          { path: '/shootings/create', lazy: () => import('../features/shooting-create/shooting-create-page').then((m) => ({ Component: m.ShootingCreatePage })) },
          ...['', '/inspect', '/video', '/inspection-repair-order'].map((suffix) => ({
            path: `/owners/:ownerId/products/:productId/shootings/:shootingId${suffix}`,
            lazy: () => import('../features/shooting-detail/shooting-detail-page').then((m) => ({ Component: m.ShootingDetailPage })),
          })),
          // Option-guarded screens (spec section 2): without the option the user goes to /. The live and
          // admin-video features add their pages as index children.
          { path: '/videos/live/rooms', element: <RequireOption option="useVideoLive" />, children: [] },
          { path: '/adminvideos', element: <RequireOption option="useAdminVideo" />, children: [] },
          { path: '/notifications/outbox', lazy: () => import('../features/sharing/outbox-page').then((m) => ({ Component: m.OutboxPage })) },
        ],
      },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/legal-notice', lazy: () => import('../features/legal/legal-page').then((m) => ({ Component: m.LegalNoticePage })) },
      { path: '/terms-of-service', lazy: () => import('../features/legal/legal-page').then((m) => ({ Component: m.TermsOfServicePage })) },
      { path: '/privacy-policy', lazy: () => import('../features/legal/legal-page').then((m) => ({ Component: m.PrivacyPolicyPage })) },
    ],
  },
  // Public and outside the app frame: the player brings its own light header with the dealer's logo.
  { path: '/public/player/:reference', lazy: () => import('../features/player/public-player-page').then((m) => ({ Component: m.PublicPlayerPage })) },
  { path: '*', element: <Navigate to="/404" replace /> },
];
