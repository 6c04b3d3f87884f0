import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../auth/require-auth';
import { CALLBACK_PATH } from '../auth/session';
import { LoginCallback } from '../features/auth/login-callback';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AppLayout } from './app-layout';

/**
 * The route table of spec section 2. Features add their routes here; pages are lazy so each route loads
 * only its own code.
 */
export const routes: RouteObject[] = [
  { path: CALLBACK_PATH, element: <LoginCallback /> },
  {
    element: <AppLayout />,
    children: [
      {
        element: <RequireAuth />,
        children: [{ path: '/', element: <Navigate to="/shootings" replace /> }],
      },
      { path: '/404', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];
