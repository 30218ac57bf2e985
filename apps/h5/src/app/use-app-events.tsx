import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { appEvents } from '../lib/events';
import { i18n } from '../lib/i18n';
import { PATHS } from '../lib/paths';
import { queryClient } from '../lib/query-client';

/**
 * Reacts to what the API client announces. "Not logged in" needs no navigation here: the client has
 * cleared the session and the login guard of the current page redirects. "Verify first" (spec: reply
 * type 998) explains why in a dialog and opens basic verification when the user taps "Verify now".
 */
/** One "verify first" dialog at a time: a screen's parallel calls may all get the same refusal. */
let verifyDialogOpen = false;

export function useAppEvents(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const offLoggedOut = appEvents.on('not-logged-in', () => {
      // Another user's cached data must not survive into the next login.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'area_code' });
    });
    const offVerify = appEvents.on('verify-required', ({ message }) => {
      // The reason stays on screen until the user chooses (a toast before a redirect flashed by unread).
      if (verifyDialogOpen) return;
      verifyDialogOpen = true;
      void import('../lib/antd-imperative')
        .then(({ Dialog }) =>
          Dialog.confirm({
            title: i18n.t('verify_prompt.required_title'),
            content: <span data-testid="verify-required-dialog">{message || i18n.t('verify_prompt.required_text')}</span>,
            confirmText: i18n.t('verify_prompt.verify_now'),
            cancelText: i18n.t('verify_prompt.not_now'),
          }),
        )
        .then((verify) => {
          if (verify) navigate(PATHS.verificationBasic);
        })
        .finally(() => {
          verifyDialogOpen = false;
        });
    });
    return () => {
      offLoggedOut();
      offVerify();
    };
  }, [navigate]);
}
