import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { hasOption, useUserOptions } from './user-options';

/** Routes behind a per-user option (useVideoLive, useAdminVideo): without it the user goes to /. */
export function RequireOption({ option }: { option: string }) {
  const { options, loading } = useUserOptions();
  if (loading) return <FullPageLoader />;
  if (!hasOption(options, option)) return <Navigate to="/" replace />;
  return <Outlet />;
}
