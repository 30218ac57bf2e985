import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectLoggedIn, useAuthStore } from '../lib/auth-store';
import { type BackType, buildLoginUrl, redirectLock } from '../lib/login-redirect';

/**
 * The login guard (spec section 4): without a session the page is not rendered and the user goes to
 * login carrying this page as backpage. The redirect lock allows one jump per second; a page that
 * loses the race retries when the lock frees, in case nothing else navigated meanwhile.
 */
export function RequireAuth({ children, backtype }: { children: ReactNode; backtype: BackType }) {
  const loggedIn = useAuthStore(selectLoggedIn);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (loggedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const wait = redirectLock.tryAcquire();
      if (wait === 0) navigate(buildLoginUrl(pathname + search, backtype), { replace: true });
      else timer = setTimeout(attempt, wait);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [loggedIn, pathname, search, backtype, navigate]);

  return loggedIn ? children : null;
}
