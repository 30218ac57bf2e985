import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { type FormEvent, memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../lib/antd-imperative';
import { isApiError } from '../../../lib/api';
import { isPositiveDecimal, sanitizeAmountInput } from '../../../lib/decimal';
import { showMessage } from '../../../lib/loading-indicator';
import { dealQuery, fetchDeepDepth, marketKeys, type PairView } from '../../../lib/market-api';
import { formatAmount, formatMoney, formatPrice, formatRate } from '../../../lib/number-format';
import { balanceOf, type WalletList, walletKeys } from '../../../lib/wallet-api';
import { placeOrder, type SpotOrder, spotKeys } from '../api/spot-api';
import { estimateMarketOrder, type MarketEstimate } from '../market-estimate';
import {
  checkOrder,
  type OrderField,
  type OrderInput,
  type OrderKind,
  type OrderProblem,
  orderTotal,
  PERCENTS,
  percentOf,
  type Side,
  usesTotal,
} from '../order-checks';
import '../../../components/trade-form.css';
import './order-form.css';

type Props = {
  /** The pair's listing (not its live ticker: a tick a second would re-render the whole form). */
  pair: PairView;
  /** The price the price field starts with: the pair's first known last price (null while none). */
  seedPrice: string | null;
  side: Side;
  onSide: (side: Side) => void;
  wallet: WalletList | undefined;
  /** A price tapped in the book: put into the price field (`at` makes a repeated tap count). */
  picked: { price: string; at: number } | null;
};

/** Decimal places of a step ("0.00001" → 5): what a field on that grid may hold. */
const placesOf = (step: string) => (step.includes('.') ? step.length - step.indexOf('.') - 1 : 0);

/** The server's field names as this form calls them. */
const SERVER_FIELDS: Record<string, OrderField> = { target_price: 'price', price: 'price', amount: 'amount', total: 'total' };

/**
 * Buy or sell one pair: limit (price and amount) or market (amount to sell, or quote total to spend),
 * the balance it draws on, 25/50/75/100 % shortcuts, and client checks before anything is sent.
 */
export const OrderForm = memo(function OrderForm({ pair, seedPrice, side, onSide, wallet, picked }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  const [problem, setProblem] = useState<OrderProblem | undefined>();
  const [serverError, setServerError] = useState<{ field: OrderField; message: string } | undefined>();
  const [tried, setTried] = useState(false);

  const quote = balanceOf(wallet, 'coin', pair.legal_id);
  const base = balanceOf(wallet, 'coin', pair.currency_id);
  const quoteDecimals = quote?.decimals ?? 8;
  const available = (side === 'buy' ? quote?.available : base?.available) ?? '0';
  const availableCoin = side === 'buy' ? pair.legal_name : pair.currency_name;
  const priceDecimals = placesOf(pair.tick_size);
  const lotDecimals = placesOf(pair.lot_size);

  // A new pair starts empty, with its last price in the price field (once: the user may clear it).
  const seeded = useRef(false);
  useEffect(() => {
    seeded.current = seedPrice !== null;
    setPrice(seedPrice ?? '');
    setAmount('');
    setTotal('');
    setProblem(undefined);
    setServerError(undefined);
    setTried(false);
  }, [pair.symbol]);

  // The feed's first price, when the pair had none yet.
  useEffect(() => {
    if (seeded.current || !seedPrice) return;
    seeded.current = true;
    setPrice(seedPrice);
  }, [seedPrice]);

  useEffect(() => {
    if (!picked) return;
    setKind('limit');
    setPrice(picked.price);
  }, [picked]);

  const input: OrderInput = { side, kind, price, amount, total };
  // Once the user has tried to submit, the message follows the fields as they are corrected.
  useEffect(() => {
    if (tried) setProblem(checkOrder({ side, kind, price, amount, total }, pair, available, quoteDecimals));
  }, [tried, side, kind, price, amount, total, pair, available, quoteDecimals]);

  const bandText = (band: string | null | undefined) => formatRate(band ?? pair.price_band);

  /** What became of an order the moment it was placed: resting, filled, or (market) ended early. */
  const placedMessage = (order: SpotOrder) => {
    if (order.status === 'completed') return t('trade.order_filled');
    if (order.status === 'waiting')
      return isPositiveDecimal(order.filled) ? t('trade.order_partly_filled') : t('trade.order_placed');
    const reason = t(`trade.cancel_reason.${order.cancel_reason ?? 'user'}`, {
      band: bandText(order.price_band),
      defaultValue: t('trade.status.cancelled'),
    });
    if (order.status !== 'partially_filled') return reason;
    // Partly filled: what traded, what did not (a quantity, or the part of a market buy's total given back), and why.
    const filled = `${formatAmount(order.filled, lotDecimals)} ${pair.currency_name}`;
    const rest =
      order.cancelled_amount !== null
        ? t('trade.partial_rest_amount', {
            amount: `${formatAmount(order.cancelled_amount, lotDecimals)} ${pair.currency_name}`,
          })
        : t('trade.partial_rest_total', {
            amount: formatMoney(order.cancelled_total ?? '0', pair.legal_name, quoteDecimals),
          });
    return t('trade.partial_fill', { filled, rest, reason });
  };

  const mutation = useMutation({
    mutationFn: placeOrder,
    onSuccess: async (order) => {
      showMessage(placedMessage(order), order.status === 'cancelled' ? 'fail' : 'success');
      setAmount('');
      setTotal('');
      setTried(false);
      setProblem(undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: spotKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: marketKeys.depth(pair.symbol) }),
        queryClient.invalidateQueries({ queryKey: marketKeys.trades(pair.symbol) }),
      ]);
    },
    onError: (error) => {
      if (!isApiError(error) || !error.fields) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = SERVER_FIELDS[name];
        if (field) {
          setServerError({ field, message });
          return;
        }
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(undefined);
    const found = checkOrder(input, pair, available, quoteDecimals);
    setProblem(found);
    if (found) return;
    if (kind === 'market') {
      void confirmMarket();
      return;
    }
    send();
  };

  const send = () =>
    mutation.mutate({
      pair,
      side,
      kind,
      ...(kind === 'limit' ? { price: price.trim() } : {}),
      ...(usesTotal(input) ? { total: total.trim() } : { amount: amount.trim() }),
    });

  /**
   * A market order is confirmed on an estimate from the book as it is now (deeper than the drawn 10
   * levels) and the pair's price band around the last price: average price, fee, and what the band would
   * leave unfilled.
   */
  const [estimating, setEstimating] = useState(false);
  const confirmMarket = async () => {
    setEstimating(true);
    let estimate: MarketEstimate | undefined;
    try {
      const [book, deal] = await Promise.all([fetchDeepDepth(pair.symbol), queryClient.fetchQuery(dealQuery(pair))]);
      estimate = estimateMarketOrder(
        side,
        side === 'buy' ? total.trim() : amount.trim(),
        side === 'buy' ? book.asks : book.bids,
        {
          lotSize: pair.lot_size,
          priceDecimals: pair.price_decimals,
          quoteDecimals,
          takerFeeRate: pair.taker_fee_rate,
          priceBand: pair.price_band,
          reference: deal.now_price,
        },
      );
    } catch {
      // No estimate (the book could not be read): the dialog says so, the user may still go ahead.
    } finally {
      setEstimating(false);
    }
    const ok = await Dialog.confirm({
      title: t('trade.estimate_title'),
      content: <EstimateView estimate={estimate} pair={pair} side={side} quoteDecimals={quoteDecimals} band={bandText(null)} />,
      confirmText: t(side === 'buy' ? 'trade.buy_coin' : 'trade.sell_coin', { coin: pair.currency_name }),
      cancelText: t('common.cancel'),
    });
    if (ok) send();
  };

  const applyPercent = (percent: number) => {
    const value = percentOf(percent, input, pair, available, quoteDecimals);
    if (value === undefined) {
      setTried(true);
      return;
    }
    if (usesTotal(input)) setTotal(value);
    else setAmount(value);
    setServerError(undefined);
  };

  const messageFor = (field: OrderField) => {
    if (serverError?.field === field) return serverError.message;
    if (problem?.field !== field) return undefined;
    return t(`trade.check.${problem.code}`, {
      tick: pair.tick_size,
      lot: pair.lot_size,
      min: pair.min_amount,
      coin: pair.currency_name,
      count: quoteDecimals,
    });
  };

  const field = (
    name: OrderField,
    value: string,
    onChange: (v: string) => void,
    places: number,
    unit: string,
    placeholder: string,
  ) => {
    const message = messageFor(name);
    return (
      <div className="order-form__field">
        <div
          className={message ? 'trade-form__control trade-form__control--error' : 'trade-form__control'}
          data-testid={`order-${name}`}
        >
          <Input
            value={value}
            onChange={(v) => {
              onChange(sanitizeAmountInput(v, places));
              setServerError(undefined);
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            aria-label={placeholder}
          />
          <span className="trade-form__unit">{unit}</span>
        </div>
        {message ? (
          <div className="trade-form__error" role="alert" data-testid={`order-${name}-error`}>
            {message}
          </div>
        ) : null}
      </div>
    );
  };

  const limitTotal = kind === 'limit' ? orderTotal(price, amount) : undefined;

  return (
    <form className={`order-form order-form--${side}`} onSubmit={submit} noValidate data-testid="order-form">
      <div className="trade-form__sides" role="tablist">
        {(['buy', 'sell'] as const).map((s) => (
          <button
            type="button"
            role="tab"
            key={s}
            aria-selected={side === s}
            className={`trade-form__side trade-form__side--${s === 'buy' ? 'up' : 'down'}${side === s ? ' trade-form__side--active' : ''}`}
            onClick={() => {
              onSide(s);
              setProblem(undefined);
              setServerError(undefined);
              setTried(false);
            }}
            data-testid={`order-side-${s}`}
          >
            {t(`trade.${s}`)}
          </button>
        ))}
      </div>

      <div className="trade-form__kinds" role="tablist">
        {(['limit', 'market'] as const).map((k) => (
          <button
            type="button"
            role="tab"
            key={k}
            aria-selected={kind === k}
            className={kind === k ? 'trade-form__kind trade-form__kind--active' : 'trade-form__kind'}
            onClick={() => {
              setKind(k);
              setProblem(undefined);
              setServerError(undefined);
              setTried(false);
            }}
            data-testid={`order-kind-${k}`}
          >
            {t(`trade.${k}`)}
          </button>
        ))}
      </div>

      {kind === 'limit' ? (
        field('price', price, setPrice, priceDecimals, pair.legal_name, t('trade.price'))
      ) : (
        <div className="order-form__field">
          <div className="trade-form__control trade-form__control--disabled" data-testid="order-market-price">
            {t('trade.market_price')}
          </div>
        </div>
      )}

      {usesTotal(input)
        ? field('total', total, setTotal, quoteDecimals, pair.legal_name, t('trade.total'))
        : field('amount', amount, setAmount, lotDecimals, pair.currency_name, t('trade.amount'))}

      <div className="order-form__percents">
        {PERCENTS.map((p) => (
          <button
            type="button"
            key={p}
            className="order-form__percent"
            onClick={() => applyPercent(p)}
            data-testid={`order-pct-${p}`}
          >
            {p}%
          </button>
        ))}
      </div>

      <dl className="order-form__facts">
        {kind === 'limit' ? (
          <div>
            <dt>{t('trade.total')}</dt>
            <dd data-testid="order-total-value">
              {limitTotal ? `${formatAmount(limitTotal, quoteDecimals)} ${pair.legal_name}` : '—'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{side === 'buy' ? t('trade.available') : t('trade.sellable')}</dt>
          <dd data-testid="order-available">
            {formatAmount(available, side === 'buy' ? quoteDecimals : (base?.decimals ?? 8))} {availableCoin}
          </dd>
        </div>
      </dl>

      <Button
        block
        type="submit"
        shape="rounded"
        className={`order-form__submit order-form__submit--${side}`}
        loading={mutation.isPending || estimating}
        disabled={pair.open_coin_trade !== 1}
        data-testid="order-submit"
      >
        {t(side === 'buy' ? 'trade.buy_coin' : 'trade.sell_coin', { coin: pair.currency_name })}
      </Button>
    </form>
  );
});

/** The market order's estimate in the confirmation dialog. */
function EstimateView({
  estimate,
  pair,
  side,
  quoteDecimals,
  band,
}: {
  estimate: MarketEstimate | undefined;
  pair: PairView;
  side: 'buy' | 'sell';
  quoteDecimals: number;
  band: string;
}) {
  const { t } = useTranslation();
  const lotDecimals = placesOf(pair.lot_size);
  if (!estimate) return <p data-testid="order-estimate-unavailable">{t('trade.estimate_unavailable', { band })}</p>;
  const price = (value: string | null) =>
    value === null ? '—' : `${formatPrice(value, pair.price_decimals)} ${pair.legal_name}`;
  return (
    <div className="order-estimate" data-testid="order-estimate">
      <dl className="order-estimate__rows">
        <div>
          <dt>{t('trade.estimate_avg_price')}</dt>
          <dd data-testid="order-estimate-avg">{price(estimate.avgPrice)}</dd>
        </div>
        <div>
          <dt>{t('trade.estimate_filled')}</dt>
          <dd data-testid="order-estimate-filled">
            {formatAmount(estimate.filled, lotDecimals)} {pair.currency_name}
          </dd>
        </div>
        <div>
          <dt>{t('trade.estimate_fee')}</dt>
          <dd data-testid="order-estimate-fee">{formatMoney(estimate.fee, pair.legal_name, quoteDecimals)}</dd>
        </div>
        {estimate.limit !== null ? (
          <div>
            <dt>{t(side === 'buy' ? 'trade.estimate_limit_buy' : 'trade.estimate_limit_sell')}</dt>
            <dd data-testid="order-estimate-limit">{price(estimate.limit)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="order-estimate__note">{t('trade.estimate_band_note', { band })}</p>
      {isPositiveDecimal(estimate.rest) && (estimate.cutByBand || side === 'sell') ? (
        <p className="order-estimate__warning" data-testid="order-estimate-rest">
          {side === 'sell'
            ? t('trade.estimate_rest_amount', { amount: `${formatAmount(estimate.rest, lotDecimals)} ${pair.currency_name}` })
            : t('trade.estimate_rest_total', { amount: formatMoney(estimate.rest, pair.legal_name, quoteDecimals) })}
        </p>
      ) : null}
    </div>
  );
}
