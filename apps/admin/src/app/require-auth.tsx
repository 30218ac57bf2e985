import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../lib/auth-store';

/**
 * Renders the console only with a session. The API client clears the session on any "999" reply, and
 * this component re-renders on that change, so an expired or revoked token lands here too.
 */
export function RequireAuth() {
  const signedIn = useAuthStore((s) => s.auth !== null);
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
