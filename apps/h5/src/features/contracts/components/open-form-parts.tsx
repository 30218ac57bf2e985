import type { LeverDeal } from '@app/shared';
import Input from 'antd-mobile/es/components/input';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../../components/confirm-sheet';
import { DecimalBox, type DecimalBoxProps } from '../../../components/decimal-box';
import { TradeFormTabs } from '../../../components/trade-form-tabs';
import { setConfirmSkipped } from '../../../lib/confirm-preference';
import { formatAmount, formatMoney, formatQuoted } from '../../../lib/number-format';
import type { EntryKind, Side } from '../api/contracts-api';
import type { ContractsField } from '../contracts-checks';
import type { OpenFormState } from '../use-open-form';

/** Long or short, then market or limit: the two rows of tabs at the top of the form. */
export function OpenTabs(props: {
  side: Side;
  onSide: (side: Side) => void;
  kind: EntryKind;
  onKind: (kind: EntryKind) => void;
}) {
  return <TradeFormTabs sides={['long', 'short']} kinds={['market', 'limit']} labels="lever" testIdPrefix="lever" {...props} />;
}

type PriceProps = Omit<DecimalBoxProps, 'className' | 'testId' | 'places'> & { name: ContractsField; priceDecimals: number };

/** A price box (limit price, stop-profit, stop-loss) in the pair's quote coin, with its message under it. */
export function LeverPriceField({ name, priceDecimals, ...box }: PriceProps) {
  return <DecimalBox className="lever-form__field" testId={`lever-${name}`} places={priceDecimals} {...box} />;
}

type LotsProps = {
  deal: LeverDeal;
  lots: string;
  onLots: (lots: string) => void;
  message: string | undefined;
  onEdit: () => void;
};

/** The number of lots: typed, or one of the pair's presets. */
export function LeverLotsField({ deal, lots, onLots, message, onEdit }: LotsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="lever-form__label">{t('lever.lots')}</div>
      <div className="lever-form__field">
        <div
          className={message ? 'trade-form__control trade-form__control--error' : 'trade-form__control'}
          data-testid="lever-lots"
        >
          <Input
            value={lots}
            onChange={(v) => {
              // Only digits and a point: "1.5" stays as typed, so the check can say lots are whole numbers.
              onLots(v.replace(/[^\d.]/g, ''));
              onEdit();
            }}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('lever.lots')}
            aria-label={t('lever.lots')}
          />
          <span className="trade-form__unit">
            {t('lever.lot_unit', { size: deal.lever_share_num, coin: deal.pair.currency_name })}
          </span>
        </div>
        {message ? (
          <div className="trade-form__error" role="alert" data-testid="lever-lots-error">
            {message}
          </div>
        ) : null}
      </div>
      <div className="lever-form__chips" data-testid="lever-lot-presets">
        {deal.lots.map((n) => (
          <button
            key={n}
            type="button"
            className={
              lots === String(n) ? 'lever-form__chip chip-button lever-form__chip--active' : 'lever-form__chip chip-button'
            }
            onClick={() => onLots(String(n))}
            data-testid={`lever-lots-${n}`}
          >
            {n}
          </button>
        ))}
      </div>
    </>
  );
}

/** The pair's multiples to choose from. */
export function LeverMultiples({
  multiples,
  multiple,
  onMultiple,
}: {
  multiples: number[];
  multiple: number;
  onMultiple: (m: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="lever-form__label">{t('lever.multiple')}</div>
      <div className="lever-form__chips" data-testid="lever-multiples">
        {multiples.map((m) => (
          <button
            key={m}
            type="button"
            className={multiple === m ? 'lever-form__chip chip-button lever-form__chip--active' : 'lever-form__chip chip-button'}
            onClick={() => onMultiple(m)}
            data-testid={`lever-multiple-${m}`}
          >
            {m}×
          </button>
        ))}
      </div>
    </>
  );
}

/** The margin and fee the opening takes, and what the contract account holds. */
export function LeverCost({ deal, cost }: { deal: LeverDeal; cost: OpenFormState['cost'] }) {
  const { t } = useTranslation();
  return (
    <dl className="lever-form__cost fact-list fact-list--figures" data-testid="lever-cost">
      <dt>{t('lever.margin')}</dt>
      <dd data-testid="lever-cost-margin">
        {cost ? `${formatAmount(cost.margin, deal.balance.decimals)} ${deal.pair.legal_name}` : '—'}
      </dd>
      <dt>{t('lever.fee')}</dt>
      <dd data-testid="lever-cost-fee">
        {cost ? `${formatAmount(cost.fee, deal.balance.decimals)} ${deal.pair.legal_name}` : '—'}
      </dd>
      <dt>{t('lever.available')}</dt>
      <dd data-testid="lever-available">{formatMoney(deal.balance.available, deal.balance.currency_name)}</dd>
    </dl>
  );
}

/** The opening's figures once more before it is sent: direction, entry, lots, leverage, margin, fee, liquidation. */
export function OpenConfirm({ deal, price, state }: { deal: LeverDeal; price: string | null; state: OpenFormState }) {
  const { t } = useTranslation();
  const { pair, balance } = deal;
  const { side, kind, lots, multiple, limitPrice, confirming, setConfirming } = state.fields;
  const { cost, liquidation } = state;
  const money = (value: string | undefined) => (value ? `${formatAmount(value, balance.decimals)} ${pair.legal_name}` : '—');
  return (
    <ConfirmSheet
      visible={confirming}
      testId="lever-confirm"
      title={t('confirm.contract_title', { symbol: pair.symbol })}
      tone={side === 'long' ? 'up' : 'down'}
      rows={[
        { label: t('confirm.direction'), value: t(`lever.${side}`), testId: 'lever-confirm-side' },
        {
          label: t('confirm.entry_price'),
          value: kind === 'limit' ? formatQuoted(limitPrice.trim()) : `≈ ${formatQuoted(price)}`,
          testId: 'lever-confirm-entry',
        },
        {
          label: t('lever.lots'),
          value: `${lots.trim()} × ${deal.lever_share_num} ${pair.currency_name}`,
          testId: 'lever-confirm-lots',
        },
        { label: t('confirm.leverage'), value: `${multiple}×`, testId: 'lever-confirm-leverage' },
        { label: t('lever.margin'), value: money(cost?.margin), testId: 'lever-confirm-margin' },
        { label: t('lever.fee'), value: money(cost?.fee), testId: 'lever-confirm-fee' },
        {
          label: t('confirm.liquidation_price'),
          value: liquidation === null ? '—' : `≈ ${formatQuoted(liquidation)}`,
          testId: 'lever-confirm-liquidation',
        },
      ]}
      notice={t('confirm.contract_risk', { multiple })}
      confirmText={t(side === 'long' ? 'lever.open_long' : 'lever.open_short')}
      onSkipChoice={(skip) => setConfirmSkipped('contract_open', state.userId, skip)}
      onConfirm={state.open}
      onCancel={() => setConfirming(false)}
    />
  );
}
