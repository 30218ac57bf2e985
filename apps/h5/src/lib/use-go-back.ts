import { useNavigate } from 'react-router';
import { pageStack } from './back-navigation';
import { PATHS } from './paths';

/**
 * The back arrow: one step back when the in-app stack has one, otherwise `fallback` (the home tab; a
 * form saved from a link goes to its list) in place of this page.
 */
export function useGoBack(fallback: string = PATHS.home): () => void {
  const navigate = useNavigate();
  return () => {
    if (pageStack.canGoBack()) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}
