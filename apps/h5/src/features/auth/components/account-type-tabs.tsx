import type { AccountType } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { TabRow } from '../../../components/tab-button';
import './account-type-tabs.css';

const ACCOUNT_TYPES: readonly AccountType[] = ['mobile', 'email'];

/** Phone / e-mail switch at the top of the auth forms. */
export function AccountTypeTabs({
  value,
  onChange,
  testIdPrefix,
}: {
  value: AccountType;
  onChange: (type: AccountType) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <TabRow
      className="account-tabs"
      block="account-tabs__tab"
      values={ACCOUNT_TYPES}
      selected={value}
      onSelect={onChange}
      label={(type) => (type === 'mobile' ? t('auth.phone') : t('auth.email'))}
      testId={(type) => `${testIdPrefix}-tab-${type}`}
    />
  );
}
