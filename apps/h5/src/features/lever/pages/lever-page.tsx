import { LEVER_EVENTS, type LeverMarkEvent, type LeverPosition } from '@app/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DemoBadge } from '../../../components/demo-badge';
import { PageLoader } from '../../../components/page-loader';
import { PagedList } from '../../../components/paged-list';
import { PairSwitcher } from '../../../components/pair-switcher';
import { Segmented } from '../../../components/segmented';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { TabHeader } from '../../../components/tab-header';
import { Dialog } from '../../../lib/antd-imperative';
import { isApiError } from '../../../lib/api';
import { addDecimal, divideDecimal, isPositiveDecimal, multiplyDecimal } from '../../../lib/decimal';
import { showMessage } from '../../../lib/loading-indicator';
import { allPairs, quotationQuery } from '../../../lib/market-api';
import { formatAmount, formatPercent } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { useProducts } from '../../../lib/products';
import { useMarketStream, useUserEvent } from '../../../lib/use-market-stream';
import {
  cancelPosition,
  closeAll,
  closePosition,
  dealQuery,
  leverKeys,
  type PairRef,
  positionsQuery,
  type Side,
} from '../api/lever-api';
import { OpenForm } from '../components/open-form';
import { type Mark, PositionCard } from '../components/position-card';
import { StopSheet } from '../components/stop-sheet';
import { useContractsAccess } from '../use-contracts-access';
import './lever-page.css';

type Tab = 'holding' | 'entrusted' | 'history';
type HistoryStatus = 'closed' | 'cancelled';

/**
 * The contract tab (/pages/lever/index): open longs and shorts on a pair with the platform as the
 * counterparty, follow the live PnL, risk rate and liquidation price of each position, set stops,
 * close one (with confirmation) or all, and read the history. With contracts switched off, a user who
 * still holds something gets the same page without the opening form (closing-only); anyone else is told
 * the service is not available.
 */
export function LeverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const products = useProducts();
  const access = useContractsAccess();
  const [pairRef, setPairRef] = useState<PairRef | undefined>();
  const [sheet, setSheet] = useState(false);
  const [tab, setTab] = useState<Tab>('holding');
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>('closed');
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [stopsFor, setStopsFor] = useState<LeverPosition | undefined>();

  const deal = useQuery({ ...dealQuery(pairRef), enabled: access === 'open' || access === 'holder' });
  const pair = deal.data?.pair;
  // The pair sheet lists the pairs open for contracts, with the market's icon, 24h change and demo
  // flag laid over them (fetched when the sheet opens) so it reads like the spot tab's.
  const quotation = useQuery({ ...quotationQuery(), enabled: sheet });
  const sheetPairs = useMemo(() => {
    const market = new Map(allPairs(quotation.data).map((p) => [p.symbol, p]));
    return (deal.data?.pairs ?? []).map((p) => {
      const m = market.get(p.symbol);
      return m ? { ...p, logo: m.logo, change: m.change, demo: m.demo, now_price: m.now_price ?? p.now_price } : p;
    });
  }, [deal.data?.pairs, quotation.data]);
  const ref = pair ? { legal_id: pair.legal_id, currency_id: pair.currency_id } : undefined;
  const stream = useMarketStream(pair?.symbol);
  const price = (stream.ticker?.symbol === pair?.symbol ? stream.ticker?.now_price : undefined) ?? deal.data?.last_price ?? null;
  const demo = stream.ticker?.demo ?? deal.data?.demo ?? false;

  const listStatus = tab === 'history' ? historyStatus : tab;
  const list = useInfiniteQuery({ ...positionsQuery(ref, listStatus), enabled: !!ref });
  const holding = useInfiniteQuery({ ...positionsQuery(ref, 'holding'), enabled: !!ref });

  // A position changed (opened, filled, closed by a stop or liquidation): refetch what shows it.
  useUserEvent(LEVER_EVENTS.trade, () => void queryClient.invalidateQueries({ queryKey: leverKeys.all }), !!ref);
  // The index moved: the server pushes each holding position's new PnL and risk rate.
  useUserEvent(
    LEVER_EVENTS.mark,
    (payload) => {
      const event = payload as LeverMarkEvent;
      setMarks((all) => {
        const next = { ...all };
        for (const m of event.positions) next[m.id] = m;
        return next;
      });
    },
    !!ref,
  );
  useEffect(() => {
    if (stream.reconnects > 0) void queryClient.invalidateQueries({ queryKey: leverKeys.all });
  }, [stream.reconnects]);

  const holdingList = useMemo(() => holding.data?.pages.flatMap((p) => p.list) ?? [], [holding.data]);
  // Totals follow the pushed marks (the server's figures until the first push): Σ PnL, and the risk
  // rate Σ equity / Σ margin × 100 truncated to two places, as the server computes it.
  const totals = useMemo(() => {
    const first = holding.data?.pages[0];
    if (!first) return undefined;
    if (!holdingList.some((p) => marks[p.id])) return { profits: first.profits_total, hazard: first.hazard_rate };
    let profits = '0';
    let margin = '0';
    for (const p of holdingList) {
      profits = addDecimal(profits, marks[p.id]?.profits ?? p.profits ?? '0');
      margin = addDecimal(margin, p.margin);
    }
    const hazard = isPositiveDecimal(margin)
      ? divideDecimal(multiplyDecimal(addDecimal(margin, profits), '100'), margin, 2)
      : null;
    return { profits, hazard };
  }, [holding.data, holdingList, marks]);

  const afterChange = async (message: string) => {
    showMessage(message, 'success');
    await queryClient.invalidateQueries({ queryKey: leverKeys.all });
  };
  const close = useMutation({ mutationFn: closePosition, onSuccess: () => afterChange(t('lever.closed_done')) });
  const cancel = useMutation({ mutationFn: cancelPosition, onSuccess: () => afterChange(t('lever.cancelled_done')) });
  const closeMany = useMutation({
    mutationFn: (which: 'all' | Side) => closeAll(ref!, which),
    onSuccess: (result) => afterChange(t('lever.closed_count', { count: result.closed.length })),
  });

  const confirmClose = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.close_confirm', { symbol: p.symbol, side: t(`lever.${p.side}`), count: p.share }),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (ok) await close.mutateAsync(p.id).catch(() => {});
  };
  const confirmCancel = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.cancel_confirm'),
      confirmText: t('lever.cancel'),
      cancelText: t('common.close'),
    });
    if (ok) await cancel.mutateAsync(p.id).catch(() => {});
  };
  const confirmCloseMany = async (which: 'all' | Side) => {
    const ok = await Dialog.confirm({
      content: t(`lever.close_many_confirm.${which}`),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (ok) await closeMany.mutateAsync(which).catch(() => {});
  };

  const header = (
    <TabHeader
      title={
        <button
          type="button"
          className="lever-page__pair"
          onClick={() => setSheet(true)}
          disabled={!deal.data}
          data-testid="lever-pair"
        >
          <span data-testid="lever-symbol">{pair?.symbol ?? t('lever.title')}</span>
          {deal.data ? <DownFill fontSize={10} /> : null}
        </button>
      }
      right={
        // The time-based options live on their own page; this is their way in from the contract tab.
        products.options ? (
          <button
            type="button"
            className="lever-page__options"
            onClick={() => navigate(PATHS.optionDetail)}
            data-testid="lever-options-link"
          >
            <ClockCircleOutline fontSize={20} />
            <span>{t('lever.options_link')}</span>
          </button>
        ) : null
      }
    />
  );

  if (products.settled && access === 'off') {
    return (
      <div className="tab-page lever-page" data-testid="lever-page">
        {header}
        <EmptyState text={t('errors.product_disabled')} testId="lever-disabled" />
      </div>
    );
  }
  if (deal.isPending) {
    return (
      <div className="tab-page lever-page" data-testid="lever-page">
        {header}
        <PageLoader />
      </div>
    );
  }
  if (!deal.data) {
    const closed = isApiError(deal.error) && deal.error.code === 'lever_closed';
    return (
      <div className="tab-page lever-page" data-testid="lever-page">
        {header}
        {closed ? <EmptyState text={t('errors.lever_closed')} /> : <ErrorState onRetry={() => void deal.refetch()} />}
      </div>
    );
  }

  const d = deal.data;
  const decimals = d.balance.decimals;
  return (
    <div className="tab-page lever-page" data-testid="lever-page" data-symbol={d.pair.symbol}>
      {header}
      <section className="lever-page__ticker">
        <div className="lever-page__price" data-testid="lever-price">
          {price === null ? '—' : formatAmount(price, d.pair.price_decimals, d.pair.price_decimals)}
        </div>
        <span className="lever-page__index-label">{t('lever.index_price')}</span>
        <DemoBadge show={demo} testId="lever-demo" />
      </section>

      <section className="lever-page__account">
        <span>
          {t('lever.contract_account')}: <b data-testid="lever-balance">{formatAmount(d.balance.available, decimals)}</b>{' '}
          {d.balance.currency_name}
        </span>
        <button type="button" className="lever-page__link" onClick={() => navigate(PATHS.transfer)} data-testid="lever-transfer">
          {t('lever.transfer')}
        </button>
      </section>

      <section className="lever-page__form">
        {access === 'holder' ? (
          <p className="lever-page__closing-only" data-testid="lever-closing-only">
            {t('lever.closing_only')}
          </p>
        ) : (
          <OpenForm deal={d} price={price} />
        )}
      </section>

      <section className="lever-page__tabs">
        <Segmented
          variant="tabs"
          options={[
            { value: 'holding', label: t('lever.tab_holding') },
            { value: 'entrusted', label: t('lever.tab_entrusted') },
            { value: 'history', label: t('lever.tab_history') },
          ]}
          value={tab}
          onChange={setTab}
          testId="lever-tab"
        />
        {tab === 'holding' ? (
          <div className="lever-page__summary" data-testid="lever-summary">
            <span>
              {t('lever.profits_total')}:{' '}
              <b
                className={`lever-card__pnl--${totals?.profits.startsWith('-') ? 'down' : totals?.profits === '0' ? 'flat' : 'up'}`}
                data-testid="lever-profits-total"
              >
                {totals ? formatAmount(totals.profits, decimals) : '—'}
              </b>
            </span>
            <span>
              {t('lever.hazard_rate')}: <b data-testid="lever-hazard-rate">{formatPercent(totals?.hazard)}</b>
            </span>
            {holdingList.length ? (
              <div className="lever-page__close-many">
                {(['all', 'long', 'short'] as const).map((which) => (
                  <button
                    key={which}
                    type="button"
                    className="lever-card__action"
                    onClick={() => void confirmCloseMany(which)}
                    data-testid={`lever-close-many-${which}`}
                  >
                    {t(`lever.close_many.${which}`)}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        {tab === 'history' ? (
          <div className="lever-page__filter">
            <Segmented
              size="small"
              options={[
                { value: 'closed', label: t('lever.status.closed') },
                { value: 'cancelled', label: t('lever.status.cancelled') },
              ]}
              value={historyStatus}
              onChange={setHistoryStatus}
              testId="lever-history-status"
            />
          </div>
        ) : null}
        <PagedList
          query={list}
          itemKey={(p) => p.id}
          renderItem={(p) => (
            <PositionCard
              position={p}
              mark={p.status_name === 'holding' ? marks[p.id] : undefined}
              decimals={decimals}
              onClose={p.status_name === 'holding' ? confirmClose : undefined}
              onCancel={p.status_name === 'entrusted' ? confirmCancel : undefined}
              onStops={p.status_name === 'holding' || p.status_name === 'entrusted' ? setStopsFor : undefined}
            />
          )}
          emptyText={t(`lever.empty.${tab}`)}
          testId={`lever-list-${listStatus}`}
        />
      </section>

      <PairSwitcher
        open={sheet}
        title={t('lever.choose_pair')}
        pairs={sheetPairs}
        current={d.pair.symbol}
        onChoose={(next) => setPairRef({ legal_id: next.legal_id, currency_id: next.currency_id })}
        onClose={() => setSheet(false)}
      />
      <StopSheet
        position={stopsFor}
        tick={d.pair.tick_size}
        priceDecimals={d.pair.price_decimals}
        current={price}
        onClose={() => setStopsFor(undefined)}
      />
    </div>
  );
}
