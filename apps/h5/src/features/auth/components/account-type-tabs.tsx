import type { AccountType } from '@app/shared';
import { useTranslation } from 'react-i18next';
import './account-type-tabs.css';

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
  const tabs: [AccountType, string][] = [
    ['mobile', t('auth.phone')],
    ['email', t('auth.email')],
  ];
  return (
    <div className="account-tabs" role="tablist">
      {tabs.map(([type, label]) => (
        <button
          type="button"
          role="tab"
          aria-selected={value === type}
          key={type}
          className={value === type ? 'account-tabs__tab account-tabs__tab--active' : 'account-tabs__tab'}
          onClick={() => onChange(type)}
          data-testid={`${testIdPrefix}-tab-${type}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
