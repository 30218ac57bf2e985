import { useQuery } from '@tanstack/react-query';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { SettingsGroup, SettingsRow } from '../../../components/settings-list';
import { PATHS } from '../../../lib/paths';
import { hasPayPasswordQuery } from '../api/security-api';
import './security-page.css';

export function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useQuery(hasPayPasswordQuery());
  const hasPay = data?.has_password;

  return (
    <Page title={t('security.title')} testId="security-page">
      {hasPay === false ? (
        <div className="security-page__hint" data-testid="security-pay-hint">
          <NoticeBar content={t('security.fund_password_hint')} color="alert" wrap />
        </div>
      ) : null}
      <SettingsGroup>
        <SettingsRow
          icon={<LockOutline />}
          label={t('security.change_login_password')}
          onClick={() => navigate(PATHS.changePassword)}
          testId="security-change-password"
        />
        <SettingsRow
          icon={<KeyOutline />}
          label={hasPay ? t('security.change_fund_password') : t('security.set_fund_password')}
          value={
            isPending ? (
              ''
            ) : (
              <span
                className={hasPay ? 'security-page__state security-page__state--ok' : 'security-page__state'}
                data-testid="security-pay-state"
              >
                {hasPay ? t('security.is_set') : t('security.not_set')}
              </span>
            )
          }
          onClick={() => navigate(PATHS.changePayPassword)}
          testId="security-change-pay-password"
        />
        {/* operations: sessions, login history, anti-phishing code */}
        <SettingsRow
          icon={<PhonebookOutline />}
          label={t('account_security.entry')}
          onClick={() => navigate(PATHS.securityDevices)}
          testId="security-devices"
        />
      </SettingsGroup>
    </Page>
  );
}
