import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { Dialog } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount, formatMoney, formatPercent } from '../../../lib/number-format';
import { walletKeys } from '../../../lib/wallet-api';
import {
  ORDER_TABS,
  type OrderStatus,
  ordersQuery,
  redeemOrder,
  reportQuery,
  type WealthOrder,
  wealthKeys,
} from '../api/wealth-api';
import { ReportCard } from '../components/report-card';
import { daysLabel } from '../days-label';
import './finance-orders-page.css';
import { invalidateAll, refetchAll } from '../../../lib/query-client';

/** My hosting: the summary and the orders in three tabs (hosting, completed, redeemed). */
export function FinanceOrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderStatus>('hosting');
  const report = useQuery(reportQuery());
  const orders = useInfiniteQuery(ordersQuery(tab));
  return (
    <Page title={t('finance.my_hosting')} testId="finance-orders-page">
      <PullRefresh onRefresh={() => refetchAll(report, orders)}>
        <ReportCard report={report.data} />
        <div className="finance-orders-tabs">
          <Segmented
            variant="tabs"
            values={ORDER_TABS}
            labelPrefix="finance.status"
            value={tab}
            onChange={setTab}
            testId="finance-orders-tab"
          />
        </div>
        <PagedList query={orders} item={OrderCard} emptyText={t('finance.no_orders')} testId={`finance-orders-${tab}`} />
      </PullRefresh>
    </Page>
  );
}

function OrderCard({ row: o }: { row: WealthOrder }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const amount = (v: string | null) => (v === null ? '—' : `${formatMoney(v, o.currency_name)}`);
  const redeem = useMutation({
    mutationFn: redeemOrder,
    onSuccess: async (result) => {
      showMessage(t('finance.redeemed', { refund: amount(result.refund), damages: amount(result.damages) }), 'success');
      await invalidateAll(queryClient, [wealthKeys.all, walletKeys.all]);
    },
    // Refused (already ended elsewhere): the list shows the order's current state.
    onError: () => void queryClient.invalidateQueries({ queryKey: wealthKeys.all }),
  });

  const confirmRedeem = async () => {
    const ok = await Dialog.confirm({
      title: t('finance.redeem_title'),
      content: (
        <div className="finance-redeem" data-testid="finance-redeem-dialog">
          <p>{t('finance.redeem_formula', { rate: o.penalty_rate, count: o.remaining_days, amount: amount(o.amount) })}</p>
          <dl>
            <dt>{t('finance.damages')}</dt>
            <dd data-testid="finance-redeem-damages">{amount(o.redeem_damages)}</dd>
            <dt>{t('finance.refund')}</dt>
            <dd data-testid="finance-redeem-refund">{amount(o.redeem_refund)}</dd>
          </dl>
          <p className="finance-redeem__note">{t('finance.redeem_note')}</p>
        </div>
      ),
      confirmText: t('finance.redeem_confirm'),
      cancelText: t('common.cancel'),
    });
    if (ok) await redeem.mutateAsync(o.id).catch(() => {});
  };

  return (
    <div className="record-card finance-order" data-testid="finance-order" data-order-id={o.id}>
      <div className="record-card__head">
        <span className="record-card__title">
          {o.currency_name} · {daysLabel(t, o.day)}
        </span>
        <span className="record-card__amount" data-testid="finance-order-amount">
          {formatAmount(o.amount, o.decimals)}
        </span>
      </div>
      <div className="record-card__rows">
        <span className="record-card__label">{t('finance.daily_yield')}</span>
        <span className="record-card__value">{formatPercent(o.day_rate)}</span>
        {/* A coin's USDT price at purchase says something; USDT's own (always 1) does not. */}
        {o.currency_name !== 'USDT' ? (
          <>
            <span className="record-card__label">{t('finance.price_at_purchase', { coin: o.currency_name })}</span>
            <span className="record-card__value" data-testid="finance-order-price">
              {formatMoney(o.price, 'USDT')}
            </span>
          </>
        ) : null}
        <span className="record-card__label">{t('finance.current_income')}</span>
        <span className="record-card__value" data-testid="finance-order-income">
          {amount(o.current_income)}
        </span>
        <span className="record-card__label">{t('finance.expected_total')}</span>
        <span className="record-card__value">{amount(o.total_interest)}</span>
        {o.status === 'hosting' ? (
          <>
            <span className="record-card__label">{t('finance.remaining_days')}</span>
            <span className="record-card__value" data-testid="finance-order-remaining">
              {daysLabel(t, o.remaining_days)}
            </span>
          </>
        ) : null}
        {o.status === 'redeemed' ? (
          <>
            <span className="record-card__label">{t('finance.damages')}</span>
            <span className="record-card__value" data-testid="finance-order-damages">
              {amount(o.damages)}
            </span>
            <span className="record-card__label">{t('finance.refund')}</span>
            <span className="record-card__value" data-testid="finance-order-refund">
              {amount(o.refund)}
            </span>
          </>
        ) : null}
        <span className="record-card__label">{t('finance.paid_at')}</span>
        <span className="record-card__value">{formatDateTime(o.paid_at)}</span>
        <span className="record-card__label">{t(o.status === 'hosting' ? 'finance.matures' : 'finance.completed_at')}</span>
        <span className="record-card__value">{formatDateTime(o.status === 'hosting' ? o.end_at : o.completed_at)}</span>
      </div>
      {o.status === 'hosting' ? (
        <div className="finance-order__actions">
          <Button
            size="small"
            shape="rounded"
            color="warning"
            fill="outline"
            loading={redeem.isPending}
            onClick={() => void confirmRedeem()}
            data-testid="finance-order-redeem"
          >
            {t('finance.redeem')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
