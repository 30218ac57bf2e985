import Button from 'antd-mobile/es/components/button';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLogo } from '../../../components/app-logo';
import { Page } from '../../../components/page';
import { APP_NAME } from '../../../lib/app-info';
import { PATHS } from '../../../lib/paths';
import { inviteCodeFrom } from '../schemas';
import './choose-page.css';
import { PrimaryButton } from '../../../components/primary-button';

/** Register by phone, by e-mail, or log in. An invite code in the link travels on to the register form. */
export function ChoosePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invite = inviteCodeFrom(search);
  const toRegister = (type: 'mobile' | 'email') => {
    const params = new URLSearchParams({ type });
    if (invite) params.set('code', invite);
    navigate(`${PATHS.register}?${params.toString()}`);
  };

  return (
    <Page title="" testId="choose-page" transparentNav>
      <div className="choose-page">
        <div className="choose-page__logo">
          <AppLogo size={64} />
        </div>
        <h2 className="choose-page__title">{t('home.welcome_to', { name: APP_NAME })}</h2>
        <p className="choose-page__subtitle">{t('auth.choose_heading')}</p>
        <div className="choose-page__actions">
          <PrimaryButton onClick={() => toRegister('mobile')} testId="choose-register-mobile">
            <PhonebookOutline /> {t('auth.choose_register_phone')}
          </PrimaryButton>
          <Button
            block
            color="primary"
            fill="outline"
            size="large"
            shape="rounded"
            onClick={() => toRegister('email')}
            data-testid="choose-register-email"
          >
            <MailOutline /> {t('auth.choose_register_email')}
          </Button>
          <Button block fill="none" size="large" onClick={() => navigate(PATHS.login)} data-testid="choose-login">
            {t('auth.choose_login')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
