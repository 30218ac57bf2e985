import { LANG_NAMES } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Switch from 'antd-mobile/es/components/switch';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import TagOutline from 'antd-mobile-icons/es/TagOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { SettingsGroup, SettingsRow } from '../../../components/settings-list';
import { Dialog } from '../../../lib/antd-imperative';
import { APP_VERSION } from '../../../lib/app-info';
import { selectUser, useAuthStore } from '../../../lib/auth-store';
import { showMessage } from '../../../lib/loading-indicator';
import { useLocaleStore } from '../../../lib/locale';
import { PATHS } from '../../../lib/paths';
import { clearCachedData } from '../../../lib/storage';
import { useThemeStore } from '../../../lib/theme';
import { useValuationStore } from '../../../lib/valuation';
import { logout } from '../api/settings-api';
import { AboutSheet } from '../components/about-sheet';
import './settings-page.css';
import { PrimaryButton } from '../../../components/primary-button';

/** Caches the browser keeps for the app (Cache Storage); absent on plain HTTP, hence the guard. */
async function clearBrowserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAuthStore(selectUser);
  const clearSession = useAuthStore((s) => s.clear);
  const lang = useLocaleStore((s) => s.lang);
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const unit = useValuationStore((s) => s.unit);
  const [aboutOpen, setAboutOpen] = useState(false);

  const clearCache = async () => {
    const ok = await Dialog.confirm({
      title: t('settings.clear_cache'),
      content: t('settings.clear_cache_confirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    // Keeps the login and the language (and the device's theme and version marks), drops the rest.
    queryClient.clear();
    clearCachedData();
    try {
      sessionStorage.clear();
      await clearBrowserCaches();
    } catch {
      // Storage may be unavailable in private mode; nothing else to clear then.
    }
    showMessage(t('settings.cache_cleared'), 'success');
  };

  const logOut = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.logout_confirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await logout().catch(() => undefined);
    clearSession();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'area_code' });
    showMessage(t('settings.logged_out'), 'success');
  };

  return (
    <Page title={t('settings.title')} testId="settings-page">
      <SettingsGroup>
        <SettingsRow
          icon={<GlobalOutline />}
          label={t('settings.language')}
          value={LANG_NAMES[lang]}
          onClick={() => navigate(PATHS.language)}
          testId="settings-language"
        />
        <SettingsRow
          icon={<CalculatorOutline />}
          label={t('menu.valuation')}
          value={unit}
          onClick={() => navigate(PATHS.valuation)}
          testId="settings-valuation"
        />
        <SettingsRow
          icon={<UserOutline />}
          label={t('settings.account')}
          value={user?.account_number ?? t('settings.not_logged_in')}
          onClick={() => navigate(user ? PATHS.account : PATHS.login)}
          testId="settings-account"
        />
        <SettingsRow
          icon={<CheckShieldOutline />}
          label={t('settings.security')}
          onClick={() => navigate(PATHS.security)}
          testId="settings-security"
        />
      </SettingsGroup>
      <SettingsGroup>
        <SettingsRow
          icon={<StarOutline />}
          label={t('settings.dark_theme')}
          value={
            <Switch
              checked={theme === 'dark'}
              onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
              aria-label={t('settings.dark_theme')}
              data-testid="settings-theme"
            />
          }
        />
      </SettingsGroup>
      <SettingsGroup>
        <SettingsRow
          icon={<InformationCircleOutline />}
          label={t('settings.about')}
          onClick={() => setAboutOpen(true)}
          testId="settings-about"
        />
        <SettingsRow
          icon={<DeleteOutline />}
          label={t('settings.clear_cache')}
          onClick={clearCache}
          testId="settings-clear-cache"
        />
        <SettingsRow icon={<TagOutline />} label={t('settings.version')} value={APP_VERSION} testId="settings-version" />
      </SettingsGroup>
      {user ? (
        <div className="settings-page__logout">
          <Button block size="large" shape="rounded" onClick={logOut} data-testid="settings-logout">
            {t('settings.logout')}
          </Button>
        </div>
      ) : (
        <div className="settings-page__logout">
          <PrimaryButton onClick={() => navigate(PATHS.login)} testId="settings-login">
            {t('home.login')}
          </PrimaryButton>
        </div>
      )}
      <AboutSheet open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Page>
  );
}
