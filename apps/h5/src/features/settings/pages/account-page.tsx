import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { SettingsGroup, SettingsRow } from '../../../components/settings-list';
import { accountKeys, userCenterQuery } from '../../../lib/account-api';
import { showMessage } from '../../../lib/loading-indicator';
import { BindContactForm } from '../components/bind-contact-form';
import './account-page.css';

const REVIEW_KEYS = ['account.review_0', 'account.review_1', 'account.review_2', 'account.review_3'] as const;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The account, its contacts and invite code; binds whichever contact the account lacks. */
export function AccountPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useQuery(userCenterQuery());

  if (isPending) {
    return (
      <Page title={t('account.title')} testId="account-page">
        <PageLoader />
      </Page>
    );
  }
  if (isError || !user) {
    return (
      <Page title={t('account.title')} testId="account-page">
        <div className="account-page__error">
          <ErrorBlock status="default" title={t('common.load_failed')} description={null} />
          <Button color="primary" shape="rounded" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Page>
    );
  }

  const phone = user.phone ? `+${user.area_code ?? ''} ${user.phone}` : null;
  // The account lacks exactly one contact (it registered with the other); that one can be bound.
  const missing = !user.phone ? 'mobile' : !user.email ? 'email' : null;

  return (
    <Page title={t('account.title')} testId="account-page">
      <SettingsGroup>
        <SettingsRow label={t('account.account')} value={<span data-testid="account-number">{user.account_number}</span>} />
        <SettingsRow label="UID" value={String(user.id)} />
        <SettingsRow
          label={t('account.phone')}
          value={<span data-testid="account-phone">{phone ?? t('account.not_bound')}</span>}
        />
        <SettingsRow
          label={t('account.email')}
          value={<span data-testid="account-email">{user.email ?? t('account.not_bound')}</span>}
        />
        <SettingsRow
          label={t('account.invite_code')}
          value={
            <button
              type="button"
              className="account-page__copy"
              data-testid="account-invite"
              onClick={async () => showMessage((await copy(user.extension_code)) ? t('common.copied') : t('common.copy_failed'))}
            >
              {user.extension_code} · {t('common.copy')}
            </button>
          }
        />
        <SettingsRow label={t('account.verification')} value={t(REVIEW_KEYS[user.review_status] ?? 'account.review_0')} />
      </SettingsGroup>
      {missing ? (
        <section className="section-card account-page__bind">
          <h2 className="account-page__bind-title">{missing === 'mobile' ? t('account.bind_phone') : t('account.bind_email')}</h2>
          <p className="account-page__bind-hint">
            {missing === 'mobile' ? t('account.bind_phone_hint') : t('account.bind_email_hint')}
          </p>
          <BindContactForm type={missing} onBound={() => queryClient.invalidateQueries({ queryKey: accountKeys.center })} />
        </section>
      ) : null}
    </Page>
  );
}
