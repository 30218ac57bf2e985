import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { RecordCard, RecordField } from '../../../components/record-card';
import { Segmented } from '../../../components/segmented';
import { ErrorState } from '../../../components/state-view';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import { refetchAll } from '../../../lib/query-client';
import { useValuation } from '../../../lib/use-valuation';
import { ACCOUNT_KINDS, type AccountKind, isAccountKind, walletListQuery } from '../../../lib/wallet-api';
import { type LedgerRow, legalLogQuery } from '../api/assets-api';
import { BalanceRow } from '../components/balance-row';
import './trade-account-page.css';

function LedgerCard({ row }: { row: LedgerRow }) {
  const { t } = useTranslation();
  const incoming = !row.amount.startsWith('-');
  return (
    <RecordCard
      testId="ledger-row"
      data-reason={row.reason}
      title={`${row.reason_text} · ${row.currency_name}`}
      aside={
        <span
          className={incoming ? 'record-card__amount record-card__amount--in' : 'record-card__amount record-card__amount--out'}
        >
          {incoming ? '+' : ''}
          {formatAmount(row.amount)}
        </span>
      }
      time={formatDateTime(row.created_at)}
    >
      <RecordField label={t('assets.balance_bucket')} value={t(`assets.bucket_${row.bucket}`)} />
      <RecordField label={t('assets.balance_after')} value={formatAmount(row.balance_after)} />
    </RecordCard>
  );
}

/** One account: its coins and its account change records (every posting, newest first). */
export function TradeAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const initial = params.get('type');
  const [account, setAccount] = useState<AccountKind>(isAccountKind(initial) ? initial : 'coin');
  const wallet = useQuery(walletListQuery());
  const log = useInfiniteQuery(legalLogQuery(account));
  const current = wallet.data?.accounts.find((a) => a.account === account);
  const total = useValuation()(current?.total_usdt ?? '0');

  return (
    <Page title={t('sections.trade_account')} testId="trade-account-page">
      <div className="trade-account__switch">
        <Segmented
          values={ACCOUNT_KINDS}
          labelPrefix="money.account"
          value={account}
          onChange={setAccount}
          testId="trade-account-type"
          size="small"
        />
      </div>
      <PullRefresh onRefresh={() => refetchAll(wallet, log)}>
        {wallet.isPending ? (
          <PageLoader inline />
        ) : !current ? (
          <ErrorState onRetry={() => void wallet.refetch()} />
        ) : (
          <section className="section-card">
            <div className="trade-account__head">
              <span>{t(`money.account_name.${account}`)}</span>
              <span className="trade-account__total" data-testid="trade-account-total">
                ≈ {total.text} {total.unit}
              </span>
            </div>
            {current.balances.map((coin) => (
              <BalanceRow key={coin.currency_id} coin={coin} testId={`account-balance-${coin.currency_name}`} />
            ))}
          </section>
        )}
        <h2 className="trade-account__title">{t('assets.change_records')}</h2>
        <PagedList query={log} item={LedgerCard} emptyText={t('assets.no_changes')} testId="ledger-list" />
      </PullRefresh>
    </Page>
  );
}
