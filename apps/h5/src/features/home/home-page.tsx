import { useQuery } from '@tanstack/react-query';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PullRefresh } from '../../components/pull-refresh';
import { TabHeader } from '../../components/tab-header';
import { userCenterQuery } from '../../lib/account-api';
import { APP_NAME } from '../../lib/app-info';
import { selectLoggedIn, useAuthStore } from '../../lib/auth-store';
import { quotationQuery } from '../../lib/market-api';
import { PATHS } from '../../lib/paths';
import { MarketBoard } from './components/market-board';
// community: the latest announcements
import { NoticeTicker } from './components/notice-ticker';
import { PromoCards } from './components/promo-cards';
import { QuickLinks } from './components/quick-links';
import { WelcomeCard } from './components/welcome-card';
import './home-page.css';
import { IconButton } from '../../components/icon-button';

// The menu (with the popup's animation library) loads after the first paint, not with it.
const loadSideMenu = () => import('./components/side-menu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted on first open; fetched while idle so the first tap finds it ready.
  const [menuMounted, setMenuMounted] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => void loadSideMenu(), 1500);
    return () => clearTimeout(id);
  }, []);
  const loggedIn = useAuthStore(selectLoggedIn);
  // Refreshes the stored user (and notices a revoked session) whenever home is shown.
  const user = useQuery({ ...userCenterQuery(), enabled: loggedIn });
  // Only for pull-to-refresh: the board reads the pairs itself, so live prices re-render the board alone.
  const { refetch: refetchQuotation } = useQuery(quotationQuery());

  return (
    <div className="tab-page home-page" data-testid="home-page">
      <TabHeader
        title={<span className="home-page__brand">{APP_NAME}</span>}
        left={
          <IconButton
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
            label={t('home.menu')}
            testId="home-menu"
          >
            <UnorderedListOutline fontSize={22} />
          </IconButton>
        }
        right={
          <IconButton onClick={() => navigate(PATHS.language)} label={t('settings.language')} testId="home-language">
            <GlobalOutline fontSize={22} />
          </IconButton>
        }
      />
      <PullRefresh onRefresh={() => Promise.all([refetchQuotation(), loggedIn ? user.refetch() : undefined])}>
        <div className="home-page__body">
          <WelcomeCard />
          <QuickLinks />
          <NoticeTicker />
          <PromoCards />
          <MarketBoard />
        </div>
      </PullRefresh>
      {menuMounted ? (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
