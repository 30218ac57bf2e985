import Button from 'antd-mobile/es/components/button';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_NAME } from '../../../lib/app-info';
import { selectUser, useAuthStore } from '../../../lib/auth-store';
import { PATHS } from '../../../lib/paths';
import './welcome-card.css';

/** Log in / register for a visitor; the account name for a signed-in user. */
export function WelcomeCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore(selectUser);

  if (user) {
    return (
      <section className="welcome-card hero-card" data-testid="welcome-card">
        <div className="welcome-card__eyebrow">{t('home.welcome_back')}</div>
        <div className="welcome-card__account" data-testid="welcome-account">
          {user.account_number}
        </div>
        <div className="welcome-card__meta">UID {user.id}</div>
        <button type="button" className="welcome-card__link text-link" onClick={() => navigate(PATHS.security)}>
          {t('menu.security')}
          <RightOutline fontSize={12} />
        </button>
      </section>
    );
  }

  return (
    <section className="welcome-card hero-card" data-testid="welcome-card">
      <div className="welcome-card__eyebrow">{t('home.welcome')}</div>
      <div className="welcome-card__title">{t('home.welcome_to', { name: APP_NAME })}</div>
      <p className="welcome-card__text">{t('home.welcome_guest')}</p>
      <div className="welcome-card__actions">
        <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.login)} data-testid="welcome-login">
          {t('home.login')}
        </Button>
        <Button fill="outline" shape="rounded" onClick={() => navigate(PATHS.choose)} data-testid="welcome-register">
          {t('home.register')}
        </Button>
      </div>
    </section>
  );
}
