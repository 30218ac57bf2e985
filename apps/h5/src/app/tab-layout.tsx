import TabBar from 'antd-mobile/es/components/tab-bar';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
// products (switches): a switched-off product's tab vanishes
import { useContractsAccess } from '../features/contracts/use-contracts-access';
import { PATHS } from '../lib/paths';
import { useProducts } from '../lib/products';
import { AnimatedOutlet } from './animated-outlet';
import { exitGuard } from './navigation';
import './tab-layout.css';

/** The five tabs in the spec's order, with their labels: home, currency, trade, lock, assets. */
const TABS = [
  { path: PATHS.home, label: 'tabs.home', icon: <AppOutline />, id: 'home' },
  { path: PATHS.trade, label: 'tabs.currency', icon: <PayCircleOutline />, id: 'currency' },
  { path: PATHS.lever, label: 'tabs.trade', icon: <HistogramOutline />, id: 'trade' },
  { path: PATHS.template, label: 'tabs.lock', icon: <LockOutline />, id: 'lock' },
  { path: PATHS.assets, label: 'tabs.assets', icon: <BankcardOutline />, id: 'assets' },
] as const;

export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === PATHS.root ? PATHS.home : pathname;
  // products (switches): the contract tab shows while contracts are on, or while the user still holds
  // something there (switched off, it is closing-only); the lock tab (financial products) only while
  // wealth is on.
  const products = useProducts();
  const contracts = useContractsAccess();
  const tabs = TABS.filter(
    (tab) =>
      (tab.path !== PATHS.lever || contracts === 'open' || contracts === 'holder') &&
      (tab.path !== PATHS.template || products.wealth),
  );

  const switchTab = (path: string) => {
    if (path === active) return;
    // Tabs replace each other (a tab is a root page); the guard may first need to step off its sentinel.
    if (!exitGuard().beginTabSwitch(path)) navigate(path, { replace: true });
  };

  return (
    <div className="tab-layout">
      <div className="tab-layout__content">
        <AnimatedOutlet />
      </div>
      <nav className="tab-layout__bar">
        <TabBar activeKey={active} onChange={switchTab} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.label)} data-testid={`tab-${tab.id}`} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
