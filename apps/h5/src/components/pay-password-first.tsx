import { useTranslation } from 'react-i18next';
import { PATHS } from '../lib/paths';
import { Callout } from './state-view';
import { TextLink } from './text-link';

/**
 * The notice on pages that need a fund password the user has not set yet (withdrawing, the address
 * book), with the way to set one.
 */
export function PayPasswordFirst({ testId, actionTestId }: { testId: string; actionTestId?: string }) {
  const { t } = useTranslation();
  return (
    <Callout
      testId={testId}
      action={
        <TextLink to={PATHS.changePayPassword} testId={actionTestId}>
          {t('withdraw.set_now')}
        </TextLink>
      }
    >
      {t('errors.pay_password_not_set')}
    </Callout>
  );
}
