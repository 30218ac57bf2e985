import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBadge } from '../../../components/demo-badge';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PriceChange } from '../../../components/price-change';
import { QueryView } from '../../../components/query-view';
import { Segmented } from '../../../components/segmented';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { formatSampleTime } from '../../../lib/format-time';
import { allPairs, changeDirection, quotationQuery, withTicker } from '../../../lib/market-api';
import { formatMoney, formatQuoted } from '../../../lib/number-format';
import { useProductEnabled } from '../../../lib/products';
import { useTickerStream, useUserEvent } from '../../../lib/use-market-stream';
import { type OptionOrder, type OrderStatus, optionsKeys, ordersQuery, PRICED_EVENT, SETTLED_EVENT } from '../api/options-api';
import { BuyPopup } from '../components/buy-popup';
import { DeliveredCard, PendingCard } from '../components/order-cards';
import '../../../components/sheet-panel.css';
import './option-page.css';

/** Re-renders every `ms` while `on`: the countdowns tick on it. */
function useNow(on: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    // At once, not only on the first tick: the clock stood still while nothing was counting down.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return now;
}

/**
 * Time-based options (/pages/option/detail): the pairs open for options with their live index, buy up
 * or down in a popup, the orders waiting for delivery with a live countdown, and the delivery history
 * with the open and delivery prices and their times. Results come from the server's recorded index
 * samples; the page only shows them. With options switched off only buying goes: the orders stay listed
 * (they still deliver). `verify` renders the check of a delivered order's samples: it comes from the
 * index-record feature, so app/ passes it in rather than this feature importing that one.
 */
export function OptionPage({ verify }: { verify?: (order: OptionOrder) => ReactNode } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const enabled = useProductEnabled('options');
  const quotation = useQuery(quotationQuery());
  const { tickers } = useTickerStream(enabled);
  const [symbol, setSymbol] = useState<string | undefined>();
  const [direction, setDirection] = useState<1 | 2 | null>(null);
  const [tab, setTab] = useState<OrderStatus>('open');
  const [settled, setSettled] = useState<OptionOrder | null>(null);
  const pending = useQuery(ordersQuery('open'));
  const delivered = useQuery({ ...ordersQuery('delivered'), enabled: tab === 'delivered' });

  const pairs = useMemo(
    () =>
      allPairs(quotation.data)
        .filter((p) => p.open_microtrade)
        .map((p) => withTicker(p, tickers[p.symbol])),
    [quotation.data, tickers],
  );
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];

  // The server's clock, so a countdown ends when the server delivers, whatever the phone's clock says.
  const offset = pending.data?.offset ?? 0;
  const waiting = pending.data?.list ?? [];
  const now = useNow(waiting.length > 0);
  // An order past its time but not yet reported settled (a missed push): ask again shortly.
  const overdue = waiting.some((o) => o.delivery_at - (now + offset) < -1500);
  useEffect(() => {
    if (!overdue) return;
    const timer = setTimeout(() => void pending.refetch(), 1000);
    return () => clearTimeout(timer);
  }, [overdue, pending]);

  useUserEvent(SETTLED_EVENT, (payload) => {
    void queryClient.invalidateQueries({ queryKey: optionsKeys.all });
    setSettled(payload as OptionOrder);
  });
  // The open price of a pending order was recorded (the end of its purchase second).
  useUserEvent(PRICED_EVENT, () => void queryClient.invalidateQueries({ queryKey: optionsKeys.orders('open') }));

  const lists = (
    <>
      <Segmented
        variant="tabs"
        testId="option-tabs"
        value={tab}
        onChange={setTab}
        options={[
          { value: 'open', label: `${t('option.pending')}${waiting.length ? ` (${waiting.length})` : ''}` },
          { value: 'delivered', label: t('option.history') },
        ]}
      />
      <div className="option-page__list" data-testid={`option-list-${tab}`}>
        {tab === 'open' ? (
          <QueryView
            query={pending}
            loading={<PageLoader />}
            isEmpty={() => waiting.length === 0}
            emptyText={t('option.no_pending')}
          >
            {() =>
              waiting.map((o) => (
                <PendingCard
                  key={o.id}
                  order={o}
                  now={now}
                  offset={offset}
                  livePrice={pairs.find((p) => p.id === o.match_id)?.now_price ?? undefined}
                />
              ))
            }
          </QueryView>
        ) : (
          <QueryView
            query={delivered}
            loading={<PageLoader />}
            isEmpty={(data) => !data.list.length}
            emptyText={t('option.no_history')}
          >
            {(data) => data.list.map((o) => <DeliveredCard key={o.id} order={o} verify={verify?.(o)} />)}
          </QueryView>
        )}
      </div>
    </>
  );

  const demo = pairs.some((p) => p.demo);
  return (
    <Page title={t('sections.option')} testId="option-page" navRight={<DemoBadge show={demo} testId="option-demo" />}>
      {!enabled ? (
        <>
          <p className="option-page__off" data-testid="option-disabled">
            {t('option.disabled_orders')}
          </p>
          {lists}
        </>
      ) : quotation.isPending ? (
        <PageLoader />
      ) : !quotation.data ? (
        <ErrorState onRetry={() => void quotation.refetch()} />
      ) : !pair ? (
        <EmptyState text={t('option.no_pairs')} />
      ) : (
        <>
          <ul className="option-page__pairs" data-testid="option-pairs">
            {pairs.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`option-page__pair${p.id === pair.id ? ' option-page__pair--active' : ''}`}
                  onClick={() => setSymbol(p.symbol)}
                  data-testid={`option-pair-${p.id}`}
                >
                  <span className="option-page__pair-symbol">{p.symbol}</span>
                  <span className={`option-page__pair-price option-page__pair-price--${changeDirection(p.change)}`}>
                    {formatQuoted(p.now_price)}
                  </span>
                  <PriceChange change={p.change} chip />
                </button>
              </li>
            ))}
          </ul>

          <section className="option-page__hero" data-testid="option-hero">
            <div className="option-page__hero-symbol">{pair.symbol}</div>
            <div
              className={`option-page__hero-price option-page__hero-price--${changeDirection(pair.change)}`}
              data-testid="option-price"
            >
              {formatQuoted(pair.now_price)}
            </div>
            <div className="fine-print">{t('option.index_note')}</div>
            <div className="option-page__actions">
              <Button color="success" onClick={() => setDirection(1)} data-testid="option-buy-up">
                {t('option.buy_up')}
              </Button>
              <Button color="danger" onClick={() => setDirection(2)} data-testid="option-buy-down">
                {t('option.buy_down')}
              </Button>
            </div>
          </section>

          {lists}

          <BuyPopup
            pair={pair}
            direction={direction}
            onClose={() => setDirection(null)}
            onBought={() => {
              setDirection(null);
              setTab('open');
            }}
          />
        </>
      )}

      <Popup
        visible={settled !== null}
        onMaskClick={() => setSettled(null)}
        position="bottom"
        bodyClassName="option-settled sheet-panel"
      >
        {settled ? (
          <div data-testid="option-settled" data-result={settled.status === 'void' ? 'void' : settled.profit_result}>
            <div className="option-settled__title">{t('option.delivered_title', { symbol: settled.symbol_name })}</div>
            {settled.status === 'void' ? (
              <>
                <div className="option-settled__result option-settled__result--void">
                  {t('option.result.void')}{' '}
                  <span data-testid="option-settled-profit">
                    {formatMoney(settled.payout ?? settled.number, settled.currency_name)}
                  </span>
                </div>
                <p className="option-settled__note" data-testid="option-settled-void-reason">
                  {t(`option.void_reason.${settled.void_reason ?? 'no_sample_delivery'}`)}
                </p>
              </>
            ) : (
              <div
                className={`option-settled__result option-settled__result--${settled.profit_result === 1 ? 'win' : settled.profit_result === -1 ? 'loss' : 'flat'}`}
              >
                {t(`option.result.${settled.profit_result === 1 ? 'win' : settled.profit_result === -1 ? 'loss' : 'flat'}`)}{' '}
                <span data-testid="option-settled-profit">
                  {settled.fact_profits && !settled.fact_profits.startsWith('-') && settled.fact_profits !== '0' ? '+' : ''}
                  {formatMoney(settled.fact_profits ?? '0', settled.currency_name)}
                </span>
              </div>
            )}
            <div className="option-settled__row">
              <span>{t('option.open_price')}</span>
              <span>
                {formatQuoted(settled.open_price)} · {formatSampleTime(settled.open_price_time)}
              </span>
            </div>
            <div className="option-settled__row">
              <span>{t('option.delivery_price')}</span>
              <span data-testid="option-settled-price">
                {formatQuoted(settled.end_price)} · {formatSampleTime(settled.end_price_time)}
              </span>
            </div>
            <Button block color="primary" onClick={() => setSettled(null)} data-testid="option-settled-close">
              {t('common.got_it')}
            </Button>
          </div>
        ) : null}
      </Popup>
    </Page>
  );
}
