import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { Callout } from './state-view';

/**
 * The notice on pages that need a fund password the user has not set yet (withdrawing, the address
 * book), with the way to set one.
 */
export function PayPasswordFirst({ testId, actionTestId }: { testId: string; actionTestId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Callout
      testId={testId}
      action={
        <button type="button" className="text-link" onClick={() => navigate(PATHS.changePayPassword)} data-testid={actionTestId}>
          {t('withdraw.set_now')}
        </button>
      }
    >
      {t('errors.pay_password_not_set')}
    </Callout>
  );
}
