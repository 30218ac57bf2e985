import { useTranslation } from 'react-i18next';
import { PayPasswordFirst } from '../../../components/pay-password-first';
import { Callout } from '../../../components/state-view';
import { TextLink } from '../../../components/text-link';
import { PATHS } from '../../../lib/paths';

type Props = { verified: boolean; hasPayPassword: boolean; noneLeft: boolean };

/** What stands between the user and a withdrawal: identity not verified, no fund password, no withdrawals left today. */
export function WithdrawNotices({ verified, hasPayPassword, noneLeft }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {!verified ? (
        <Callout
          tone="danger"
          testId="withdraw-verify-first"
          action={<TextLink to={PATHS.verification}>{t('withdraw.verify_now')}</TextLink>}
        >
          {t('errors.real_name_required')}
        </Callout>
      ) : null}
      {!hasPayPassword ? (
        <PayPasswordFirst testId="withdraw-pay-password-first" actionTestId="withdraw-set-pay-password" />
      ) : null}
      {noneLeft ? <Callout tone="danger">{t('errors.withdraw_limit_reached')}</Callout> : null}
    </>
  );
}
