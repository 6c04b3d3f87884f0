import { Box, CircularProgress } from '@mui/material';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from './auth-context';

export function FullPageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="loading" />
    </Box>
  );
}

/** Protected routes: an unauthenticated user goes to /login. */
export function RequireAuth() {
  const { ready, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!ready) return <FullPageLoader />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
