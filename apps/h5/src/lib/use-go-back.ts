import { useNavigate } from 'react-router';
import { pageStack } from './back-navigation';
import { PATHS } from './paths';

/** The back arrow: one step back when the in-app stack has one, otherwise the home tab. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if (pageStack.canGoBack()) navigate(-1);
    else navigate(PATHS.home, { replace: true });
  };
}
