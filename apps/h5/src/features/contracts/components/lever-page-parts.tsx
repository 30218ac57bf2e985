import type { LeverDeal } from '@app/shared';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DemoBadge } from '../../../components/demo-badge';
import { Segmented } from '../../../components/segmented';
import { TabHeader } from '../../../components/tab-header';
import { formatAmount, formatPercent } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import type { Side } from '../api/contracts-api';

type HeaderProps = {
  /** The pair's symbol once the deal is loaded. */
  symbol: string | undefined;
  /** The deal is loaded: the pair switcher can open. */
  ready: boolean;
  onPair: () => void;
  /** Options are switched on: the header links to them. */
  options: boolean;
};

/** The tab's header: the pair (tapped to switch) and, with options on, the way to the options page. */
export function LeverHeader({ symbol, ready, onPair, options }: HeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TabHeader
      title={
        <button type="button" className="pair-switcher-toggle" onClick={onPair} disabled={!ready} data-testid="lever-pair">
          <span data-testid="lever-symbol">{symbol ?? t('lever.title')}</span>
          {ready ? <DownFill fontSize={10} /> : null}
        </button>
      }
      right={
        // The time-based options live on their own page; this is their way in from the contract tab.
        options ? (
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
}

/** The index price (with the demo badge) and the contract account's balance with the way to transfer into it. */
export function LeverOverview({ deal, price, demo }: { deal: LeverDeal; price: string | null; demo: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <section className="lever-page__ticker">
        <div className="lever-page__price" data-testid="lever-price">
          {price === null ? '—' : formatAmount(price, deal.pair.price_decimals, deal.pair.price_decimals)}
        </div>
        <span className="lever-page__index-label">{t('lever.index_price')}</span>
        <DemoBadge show={demo} testId="lever-demo" />
      </section>

      <section className="lever-page__account">
        <span>
          {t('lever.contract_account')}:{' '}
          <b data-testid="lever-balance">{formatAmount(deal.balance.available, deal.balance.decimals)}</b>{' '}
          {deal.balance.currency_name}
        </span>
        <button type="button" className="text-link" onClick={() => navigate(PATHS.transfer)} data-testid="lever-transfer">
          {t('lever.transfer')}
        </button>
      </section>
    </>
  );
}

type SummaryProps = {
  totals: { profits: string; hazard: string | null } | undefined;
  decimals: number;
  /** Something is held: the close-many buttons show. */
  holds: boolean;
  onCloseMany: (which: 'all' | Side) => void;
};

/** The holding tab's totals (Σ PnL, risk rate) and the buttons closing all, all longs or all shorts. */
export function LeverSummary({ totals, decimals, holds, onCloseMany }: SummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="lever-page__summary" data-testid="lever-summary">
      <span>
        {t('lever.profits_total')}:{' '}
        <b
          className={`trend-${totals?.profits.startsWith('-') ? 'down' : totals?.profits === '0' ? 'flat' : 'up'}`}
          data-testid="lever-profits-total"
        >
          {totals ? formatAmount(totals.profits, decimals) : '—'}
        </b>
      </span>
      <span>
        {t('lever.hazard_rate')}: <b data-testid="lever-hazard-rate">{formatPercent(totals?.hazard)}</b>
      </span>
      {holds ? (
        <div className="lever-page__close-many">
          {(['all', 'long', 'short'] as const).map((which) => (
            <button
              key={which}
              type="button"
              className="chip-button"
              onClick={() => onCloseMany(which)}
              data-testid={`lever-close-many-${which}`}
            >
              {t(`lever.close_many.${which}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const LEVER_TABS = { holding: 'lever.tab_holding', entrusted: 'lever.tab_entrusted', history: 'lever.tab_history' } as const;
const HISTORY_STATUSES = { closed: 'lever.status.closed', cancelled: 'lever.status.cancelled' } as const;
export type LeverTab = keyof typeof LEVER_TABS;
export type HistoryStatus = keyof typeof HISTORY_STATUSES;

/** The three lists' tabs. */
export function LeverTabs({ tab, onTab }: { tab: LeverTab; onTab: (tab: LeverTab) => void }) {
  return <Segmented variant="tabs" labels={LEVER_TABS} value={tab} onChange={onTab} testId="lever-tab" />;
}

/** The history's filter: closed or cancelled positions. */
export function LeverHistoryFilter({ status, onStatus }: { status: HistoryStatus; onStatus: (status: HistoryStatus) => void }) {
  return (
    <div className="lever-page__filter">
      <Segmented size="small" labels={HISTORY_STATUSES} value={status} onChange={onStatus} testId="lever-history-status" />
    </div>
  );
}
