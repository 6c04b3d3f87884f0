import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { useAuth } from '../auth/auth-context';

/** Protected routes: an unauthenticated user goes to /login. */
export function RequireAuth() {
  const { ready, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!ready) return <FullPageLoader />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
