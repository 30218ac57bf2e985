import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { appEvents } from '../lib/events';
import { PATHS } from '../lib/paths';
import { queryClient } from '../lib/query-client';

/**
 * Reacts to what the API client announces. "Not logged in" needs no navigation here: the client has
 * cleared the session and the login guard of the current page redirects. "Verify first" opens basic
 * verification (spec: reply type 998).
 */
export function useAppEvents(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const offLoggedOut = appEvents.on('not-logged-in', () => {
      // Another user's cached data must not survive into the next login.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'area_code' });
    });
    const offVerify = appEvents.on('verify-required', () => navigate(PATHS.verificationBasic));
    return () => {
      offLoggedOut();
      offVerify();
    };
  }, [navigate]);
}
