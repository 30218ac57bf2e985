import { useQuery } from '@tanstack/react-query';
import Switch from 'antd-mobile/es/components/switch';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import UploadOutline from 'antd-mobile-icons/es/UploadOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { TabHeader } from '../../../components/tab-header';
import { PATHS } from '../../../lib/paths';
import { useValuation } from '../../../lib/use-valuation';
import { ACCOUNT_KINDS, type AccountKind, type CoinBalance, isAccountKind, walletListQuery } from '../../../lib/wallet-api';
import { AssetDetailSheet } from '../components/asset-detail-sheet';
import { BalanceRow } from '../components/balance-row';
import { useHideSmall, visibleBalances } from '../hide-small';
import './assets-page.css';
import { IconButton } from '../../../components/icon-button';
import { LinkButtons } from '../../../components/link-buttons';

const ACTIONS = [
  { id: 'deposit', label: 'assets.deposit', path: PATHS.deposit, icon: <DownlandOutline /> },
  { id: 'withdraw', label: 'assets.withdraw', path: PATHS.withdraw, icon: <UploadOutline /> },
  { id: 'transfer', label: 'assets.transfer', path: PATHS.transfer, icon: <LoopOutline /> },
  { id: 'records', label: 'assets.records', path: PATHS.assetsRecord, icon: <BillOutline /> },
] as const;

/** The assets tab: total value, the four accounts, each coin's balance, and the money actions. */
export function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = params.get('account');
  const [account, setAccount] = useState<AccountKind>(isAccountKind(initial) ? initial : 'coin');
  const [hideSmall, setHideSmall] = useHideSmall();
  const [detail, setDetail] = useState<CoinBalance | null>(null);
  const query = useQuery(walletListQuery());
  const valued = useValuation();
  const data = query.data;
  const current = data?.accounts.find((a) => a.account === account);
  const rows = visibleBalances(current?.balances ?? [], hideSmall);
  const total = valued(data?.total_usdt ?? '0');
  const accountTotal = valued(current?.total_usdt ?? '0');

  return (
    <div className="tab-page assets-page" data-testid="assets-page">
      <TabHeader
        title={t('tabs.assets')}
        right={
          <span style={{ display: 'inline-flex', gap: 12 }}>
            {/* operations: the user's proof-of-liabilities leaf */}
            <IconButton onClick={() => navigate(PATHS.proof)} label={t('proof.entry')} testId="assets-proof-icon">
              <CheckShieldOutline fontSize={22} />
            </IconButton>
            <IconButton onClick={() => navigate(PATHS.assetsRecord)} label={t('assets.records')} testId="assets-records-icon">
              <BillOutline fontSize={22} />
            </IconButton>
          </span>
        }
      />
      <PullRefresh onRefresh={() => query.refetch()}>
        {query.isPending ? (
          // The first load draws the total and the balance rows as placeholders.
          <Skeleton rows={9} columns={[48, 22]} tall testId="assets-skeleton" />
        ) : !data ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <>
            <section className="assets-summary hero-card" data-testid="assets-summary">
              <div className="assets-summary__label">{t('valuation.total_in', { unit: total.unit })}</div>
              <div className="assets-summary__value hero-card__value">
                <span data-testid="assets-total">{total.text}</span>
                <span className="assets-summary__unit hero-card__unit" data-testid="assets-total-unit">
                  {total.unit}
                </span>
              </div>
              {data.demo_prices ? (
                <div className="assets-summary__demo" data-testid="assets-demo-prices">
                  <span className="assets-summary__demo-tag">{t('assets.demo_prices')}</span>
                  <span>{t('assets.demo_prices_note')}</span>
                </div>
              ) : null}
              <LinkButtons
                links={ACTIONS}
                className="assets-actions"
                itemClassName="assets-actions__item"
                testIdPrefix="assets-action-"
              >
                {(a) => (
                  <>
                    <span className="assets-actions__icon accent-tile">{a.icon}</span>
                    <span>{t(a.label)}</span>
                  </>
                )}
              </LinkButtons>
            </section>

            <section className="assets-accounts">
              <Segmented
                variant="tabs"
                values={ACCOUNT_KINDS}
                labelPrefix="money.account"
                value={account}
                onChange={setAccount}
                testId="assets-tab"
              />
              <div className="assets-account-head">
                <div>
                  <div className="assets-account-head__label">
                    {t('assets.account_value', { account: t(`money.account_name.${account}`) })}
                  </div>
                  <div className="assets-account-head__value" data-testid="assets-account-total">
                    ≈ {accountTotal.text} {accountTotal.unit}
                  </div>
                </div>
                <button
                  type="button"
                  className="assets-account-head__link"
                  onClick={() => navigate(`${PATHS.tradeAccount}?type=${account}`)}
                  data-testid="assets-account-details"
                >
                  {t('assets.account_records')}
                  <RightOutline fontSize={12} />
                </button>
              </div>
              <div className="assets-toolbar">
                <span>{t('assets.hide_small')}</span>
                <Switch
                  checked={hideSmall}
                  onChange={setHideSmall}
                  aria-label={t('assets.hide_small')}
                  data-testid="assets-hide-small"
                />
              </div>
              <div className="assets-coins" data-testid={`assets-coins-${account}`}>
                {rows.length === 0 ? (
                  <EmptyState text={t('assets.no_balances')} testId="assets-empty" />
                ) : (
                  rows.map((coin) => (
                    <BalanceRow
                      key={coin.currency_id}
                      coin={coin}
                      onClick={() => setDetail(coin)}
                      testId={`balance-${account}-${coin.currency_name}`}
                    />
                  ))
                )}
              </div>
            </section>
          </>
        )}
      </PullRefresh>
      <AssetDetailSheet coin={detail} account={account} onClose={() => setDetail(null)} />
    </div>
  );
}
