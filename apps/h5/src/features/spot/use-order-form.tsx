import { isPositiveDecimal } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../lib/antd-imperative';
import { isApiError } from '../../lib/api';
import { showMessage } from '../../lib/loading-indicator';
import { dealQuery, fetchDeepDepth, marketKeys, type PairView } from '../../lib/market-api';
import { formatAmount, formatMoney, formatRate } from '../../lib/number-format';
import { invalidateAll } from '../../lib/query-client';
import { balanceOf, type WalletList, walletKeys } from '../../lib/wallet-api';
import { placeOrder, type SpotOrder, spotKeys } from './api/spot-api';
import { EstimateView } from './components/order-estimate';
import { estimateMarketOrder, type MarketEstimate } from './market-estimate';
import {
  checkOrder,
  type OrderField,
  type OrderInput,
  type OrderKind,
  type OrderProblem,
  percentOf,
  type Side,
  usesTotal,
} from './order-checks';
import { placesOf } from './steps';

/** The server's field names as this form calls them. */
const SERVER_FIELDS: Record<string, OrderField> = { target_price: 'price', price: 'price', amount: 'amount', total: 'total' };

type ServerError = { field: OrderField; message: string };

/**
 * The order form's fields and messages. A new pair starts empty with its last price in the price
 * field; a price tapped in the book switches to a limit order at that price.
 */
function useOrderFields(pair: PairView, seedPrice: string | null, picked: { price: string; at: number } | null) {
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  const [problem, setProblem] = useState<OrderProblem | undefined>();
  const [serverError, setServerError] = useState<ServerError | undefined>();
  const [tried, setTried] = useState(false);

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

  /** A new side or kind starts without the last attempt's messages. */
  const clearChecks = () => {
    setProblem(undefined);
    setServerError(undefined);
    setTried(false);
  };

  return {
    ...{ kind, setKind, price, setPrice, amount, setAmount, total, setTotal },
    ...{ problem, setProblem, serverError, setServerError, tried, setTried, clearChecks },
  };
}

type Fields = ReturnType<typeof useOrderFields>;

/** What became of an order the moment it was placed: resting, filled, or (market) ended early. */
function placedMessage(t: TFunction, order: SpotOrder, pair: PairView, quoteDecimals: number) {
  const lotDecimals = placesOf(pair.lot_size);
  if (order.status === 'completed') return t('trade.order_filled');
  if (order.status === 'waiting')
    return isPositiveDecimal(order.filled) ? t('trade.order_partly_filled') : t('trade.order_placed');
  const reason = t(`trade.cancel_reason.${order.cancel_reason ?? 'user'}`, {
    band: formatRate(order.price_band ?? pair.price_band),
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
}

/** Sends the order; on success says what became of it and refreshes what it changed, on refusal marks the field. */
function usePlaceOrder(pair: PairView, quoteDecimals: number, fields: Fields) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (order) => {
      showMessage(placedMessage(t, order, pair, quoteDecimals), order.status === 'cancelled' ? 'fail' : 'success');
      fields.setAmount('');
      fields.setTotal('');
      fields.setTried(false);
      fields.setProblem(undefined);
      await invalidateAll(queryClient, [
        spotKeys.all,
        walletKeys.all,
        marketKeys.depth(pair.symbol),
        marketKeys.trades(pair.symbol),
      ]);
    },
    onError: (error) => {
      if (!isApiError(error) || !error.fields) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = SERVER_FIELDS[name];
        if (field) {
          fields.setServerError({ field, message });
          return;
        }
      }
    },
  });
}

/**
 * A market order is confirmed on an estimate from the book as it is now (deeper than the drawn 10
 * levels) and the pair's price band around the last price: average price, fee, and what the band would
 * leave unfilled.
 */
function useMarketConfirm(pair: PairView, side: Side, quoteDecimals: number, fields: Fields, send: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [estimating, setEstimating] = useState(false);
  const confirmMarket = async () => {
    setEstimating(true);
    let estimate: MarketEstimate | undefined;
    try {
      const [book, deal] = await Promise.all([fetchDeepDepth(pair.symbol), queryClient.fetchQuery(dealQuery(pair))]);
      estimate = estimateMarketOrder(
        side,
        side === 'buy' ? fields.total.trim() : fields.amount.trim(),
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
    const band = formatRate(pair.price_band);
    const ok = await Dialog.confirm({
      title: t('trade.estimate_title'),
      content: <EstimateView estimate={estimate} pair={pair} side={side} quoteDecimals={quoteDecimals} band={band} />,
      confirmText: t(side === 'buy' ? 'trade.buy_coin' : 'trade.sell_coin', { coin: pair.currency_name }),
      cancelText: t('common.cancel'),
    });
    if (ok) send();
  };
  return { estimating, confirmMarket };
}

type Options = {
  pair: PairView;
  seedPrice: string | null;
  side: Side;
  wallet: WalletList | undefined;
  picked: { price: string; at: number } | null;
};

/**
 * The spot order form's state: its fields, the balance it draws on, the client checks (shown once the
 * user has tried to submit, then following each correction), the percent shortcuts and the submission.
 */
export function useOrderForm({ pair, seedPrice, side, wallet, picked }: Options) {
  const { t } = useTranslation();
  const fields = useOrderFields(pair, seedPrice, picked);
  const { kind, price, amount, total, tried, problem, serverError } = fields;

  const quote = balanceOf(wallet, 'coin', pair.legal_id);
  const base = balanceOf(wallet, 'coin', pair.currency_id);
  const quoteDecimals = quote?.decimals ?? 8;
  const available = (side === 'buy' ? quote?.available : base?.available) ?? '0';

  const input: OrderInput = { side, kind, price, amount, total };
  // Once the user has tried to submit, the message follows the fields as they are corrected.
  useEffect(() => {
    if (tried) fields.setProblem(checkOrder({ side, kind, price, amount, total }, pair, available, quoteDecimals));
  }, [tried, side, kind, price, amount, total, pair, available, quoteDecimals]);

  const mutation = usePlaceOrder(pair, quoteDecimals, fields);
  const send = () =>
    mutation.mutate({
      pair,
      side,
      kind,
      ...(kind === 'limit' ? { price: price.trim() } : {}),
      ...(usesTotal(input) ? { total: total.trim() } : { amount: amount.trim() }),
    });
  const { estimating, confirmMarket } = useMarketConfirm(pair, side, quoteDecimals, fields, send);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    fields.setTried(true);
    fields.setServerError(undefined);
    const found = checkOrder(input, pair, available, quoteDecimals);
    fields.setProblem(found);
    if (found) return;
    if (kind === 'market') {
      void confirmMarket();
      return;
    }
    send();
  };

  const applyPercent = (percent: number) => {
    const value = percentOf(percent, input, pair, available, quoteDecimals);
    if (value === undefined) {
      fields.setTried(true);
      return;
    }
    if (usesTotal(input)) fields.setTotal(value);
    else fields.setAmount(value);
    fields.setServerError(undefined);
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

  return {
    fields,
    input,
    quoteDecimals,
    baseDecimals: base?.decimals ?? 8,
    available,
    submit,
    applyPercent,
    messageFor,
    busy: mutation.isPending || estimating,
  };
}
