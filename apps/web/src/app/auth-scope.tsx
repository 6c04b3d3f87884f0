import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../auth/auth-context';

/** The signed-in session, for every route of the portal (the public player does without it). */
export function AuthScope() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
