import type { LeverPosition } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PagedList } from '../../../components/paged-list';
import { PairSwitcher } from '../../../components/pair-switcher';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { isApiError } from '../../../lib/api';
import { pairIds } from '../../../lib/market-api';
import { useProducts } from '../../../lib/products';
import type { PairRef } from '../api/contracts-api';
import {
  type HistoryStatus,
  LeverHeader,
  LeverHistoryFilter,
  LeverOverview,
  LeverSummary,
  type LeverTab,
  LeverTabs,
} from '../components/lever-page-parts';
import { OpenForm } from '../components/open-form';
import { PositionCard } from '../components/position-card';
import { StopSheet } from '../components/stop-sheet';
import { useContractsAccess } from '../use-contracts-access';
import { useContractsActions, useContractsDeal, useContractsPositions } from '../use-contracts-page';
import './lever-page.css';

/**
 * The contract tab (/pages/lever/index): open longs and shorts on a pair with the platform as the
 * counterparty, follow the live PnL, risk rate and liquidation price of each position, set stops,
 * close one (with confirmation) or all, and read the history. With contracts switched off, a user who
 * still holds something gets the same page without the opening form (closing-only); anyone else is told
 * the service is not available.
 */
export function LeverPage() {
  const { t } = useTranslation();
  const products = useProducts();
  const access = useContractsAccess();
  const [pairRef, setPairRef] = useState<PairRef | undefined>();
  const [sheet, setSheet] = useState(false);
  const [tab, setTab] = useState<LeverTab>('holding');
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>('closed');
  const [stopsFor, setStopsFor] = useState<LeverPosition | undefined>();
  const { deal, sheetPairs, ref, price, demo, reconnects } = useContractsDeal(access, pairRef, sheet);
  const listStatus = tab === 'history' ? historyStatus : tab;
  const positions = useContractsPositions(ref, listStatus, reconnects);
  const actions = useContractsActions(ref);

  const header = (
    <LeverHeader symbol={deal.data?.pair.symbol} ready={!!deal.data} onPair={() => setSheet(true)} options={products.options} />
  );
  const shell = (body: ReactNode) => (
    <div className="tab-page lever-page" data-testid="lever-page">
      {header}
      {body}
    </div>
  );

  if (products.settled && access === 'off')
    return shell(<EmptyState text={t('errors.product_disabled')} testId="lever-disabled" />);
  if (deal.isPending) return shell(<PageLoader />);
  if (!deal.data) {
    const closed = isApiError(deal.error) && deal.error.code === 'lever_closed';
    return shell(closed ? <EmptyState text={t('errors.lever_closed')} /> : <ErrorState onRetry={() => void deal.refetch()} />);
  }

  const d = deal.data;
  return (
    <div className="tab-page lever-page" data-testid="lever-page" data-symbol={d.pair.symbol}>
      {header}
      <LeverOverview deal={d} price={price} demo={demo} />

      <section className="lever-page__form">
        {access === 'holder' ? (
          <p className="warning-note lever-page__closing-only" data-testid="lever-closing-only">
            {t('lever.closing_only')}
          </p>
        ) : (
          <OpenForm deal={d} price={price} />
        )}
      </section>

      <LeverLists
        {...{ tab, setTab, historyStatus, setHistoryStatus, listStatus, positions, actions }}
        decimals={d.balance.decimals}
        onStops={setStopsFor}
      />

      <PairSwitcher
        open={sheet}
        title={t('lever.choose_pair')}
        pairs={sheetPairs}
        current={d.pair.symbol}
        onChoose={(next) => setPairRef(pairIds(next))}
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

type ListsProps = {
  tab: LeverTab;
  setTab: (tab: LeverTab) => void;
  historyStatus: HistoryStatus;
  setHistoryStatus: (status: HistoryStatus) => void;
  listStatus: LeverTab | HistoryStatus;
  positions: ReturnType<typeof useContractsPositions>;
  actions: ReturnType<typeof useContractsActions>;
  decimals: number;
  onStops: (position: LeverPosition) => void;
};

/** The positions: holding (with the totals), entrusted, or the history filtered by how they ended. */
function LeverLists({
  tab,
  setTab,
  historyStatus,
  setHistoryStatus,
  listStatus,
  positions,
  actions,
  decimals,
  onStops,
}: ListsProps) {
  const { t } = useTranslation();
  return (
    <section className="lever-page__tabs">
      <LeverTabs tab={tab} onTab={setTab} />
      {tab === 'holding' ? (
        <LeverSummary
          totals={positions.totals}
          decimals={decimals}
          holds={positions.holdingList.length > 0}
          onCloseMany={(which) => void actions.confirmCloseMany(which)}
        />
      ) : null}
      {tab === 'history' ? <LeverHistoryFilter status={historyStatus} onStatus={setHistoryStatus} /> : null}
      <PagedList
        query={positions.list}
        renderItem={(p) => (
          <PositionCard
            position={p}
            mark={p.status_name === 'holding' ? positions.marks[p.id] : undefined}
            decimals={decimals}
            onClose={p.status_name === 'holding' ? actions.confirmClose : undefined}
            onCancel={p.status_name === 'entrusted' ? actions.confirmCancel : undefined}
            onStops={p.status_name === 'holding' || p.status_name === 'entrusted' ? onStops : undefined}
          />
        )}
        emptyText={t(`lever.empty.${tab}`)}
        testId={`lever-list-${listStatus}`}
      />
    </section>
  );
}
