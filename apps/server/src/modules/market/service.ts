import { type CandlePeriod, MAX_CANDLES_PER_CALL, type marketApi } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toKline } from '../../market/candle.js';
import type { MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import { addFavorite, favoritePairIds, removeFavorite } from './repo.js';

/**
 * A pair as the market lists show it (the original client's field names): rules a trade form needs,
 * the 24h figures, and `demo` while prices come from the simulated feed. Unknown prices are null.
 */
export function pairView(market: MarketService, pair: Pair): marketApi.PairView {
  const t = market.ticker(pair.id);
  return {
    id: pair.id,
    symbol: pair.symbol,
    legal_id: pair.legalId,
    currency_id: pair.currencyId,
    legal_name: pair.legalName,
    currency_name: pair.currencyName,
    logo: pair.logo,
    now_price: t?.price ?? null,
    change: t?.change ?? '0.00',
    volume: t?.volume ?? '0',
    amount: t?.amount ?? '0',
    high: t?.high ?? null,
    low: t?.low ?? null,
    price_decimals: pair.priceDecimals,
    tick_size: pair.tickSize,
    lot_size: pair.lotSize,
    min_amount: pair.minAmount,
    maker_fee_rate: pair.makerFeeRate,
    taker_fee_rate: pair.takerFeeRate,
    // Market orders trade only within this fraction of the index price (the order form's estimate uses it).
    price_band: pair.priceBand,
    open_coin_trade: pair.openCoinTrade ? 1 : 0,
    open_lever: pair.openLever ? 1 : 0,
    open_microtrade: pair.openMicrotrade ? 1 : 0,
    demo: market.demo,
  };
}

/** Pairs grouped by quote coin: `[{id, legal_id, name, quotation: [pair…]}]`. */
export function quotation(market: MarketService) {
  const groups = new Map<number, { id: number; legal_id: number; name: string; quotation: ReturnType<typeof pairView>[] }>();
  for (const pair of market.listPairs()) {
    let group = groups.get(pair.legalId);
    if (!group) {
      group = { id: pair.legalId, legal_id: pair.legalId, name: pair.legalName, quotation: [] };
      groups.set(pair.legalId, group);
    }
    group.quotation.push(pairView(market, pair));
  }
  return [...groups.values()];
}

export function requirePair(market: MarketService, idOrSymbol: number | string | undefined, field: string): Pair {
  const pair = idOrSymbol === undefined ? undefined : market.getPair(idOrSymbol);
  if (!pair) throw new AppError('pair_unknown', { fields: { [field]: 'pair_unknown' } });
  return pair;
}

/** Clients may send milliseconds (charting libraries do): anything past year 5138 in seconds is read as ms. */
const seconds = (value: number) => (value >= 1e11 ? Math.floor(value / 1000) : value);

/**
 * Candles of `currency/new_timeshar`: open times in [from, to] (unix seconds; `to` defaults to now,
 * `from` to the beginning), at most `limit` (≤ MAX_CANDLES_PER_CALL) of the newest. When older candles
 * in the range were left out, `more` is true and `next_to` is the `to` that pages to them.
 */
export async function timeshare(
  market: MarketService,
  query: { symbol: string; period: CandlePeriod; from?: number; to?: number; limit?: number },
  nowSec: number,
) {
  const pair = requirePair(market, query.symbol, 'symbol');
  const to = query.to === undefined ? nowSec : seconds(query.to);
  const from = query.from === undefined ? 0 : seconds(query.from);
  if (from > to) throw new AppError('time_range_invalid', { fields: { from: 'time_range_invalid' } });
  const limit = Math.min(query.limit ?? MAX_CANDLES_PER_CALL, MAX_CANDLES_PER_CALL);
  const { list, more } = await market.candles(pair, query.period, from, to, limit);
  return {
    symbol: pair.symbol,
    period: query.period,
    data: list.map(toKline),
    limit,
    more,
    next_to: more && list[0] ? list[0].t - 1 : null,
    demo: market.demo,
  };
}

export async function favoriteList(db: Db, market: MarketService, userId: number) {
  const ids = await favoritePairIds(db, userId);
  return ids.flatMap((id) => {
    const pair = market.getPair(id);
    return pair ? [pairView(market, pair)] : [];
  });
}

export async function setFavorite(db: Db, market: MarketService, userId: number, pairId: number, on: boolean) {
  const pair = requirePair(market, pairId, 'pair_id');
  if (on) await addFavorite(db, userId, pair.id);
  else await removeFavorite(db, userId, pair.id);
  return favoriteList(db, market, userId);
}
