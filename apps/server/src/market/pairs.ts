import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { currencies, currencySettings, pairs } from '../db/schema.js';
import { D, type Dec, str } from '../lib/money.js';
import { typedDecimalsOf } from './units.js';

/** A pair's trading rules: price places, tick, lot, minimum amount and fees (decimal strings). */
export type PairRules = {
  priceDecimals: number;
  tickSize: string;
  lotSize: string;
  minAmount: string;
  makerFeeRate: string;
  takerFeeRate: string;
};

/** A trading pair with its rules and the names the API shows; decimal rules stay decimal strings. */
export type Pair = PairRules & {
  id: number;
  symbol: string;
  currencyId: number;
  legalId: number;
  currencyName: string;
  legalName: string;
  /** The base coin's icon. */
  logo: string;
  openCoinTrade: boolean;
  openLever: boolean;
  openMicrotrade: boolean;
  sort: number;
  /** The tick in units of 10^-priceDecimals (1 when the tick is one unit of the last place). */
  tickUnits: number;
  /** Places of the lot size, and the lot in units of 10^-lotDecimals. */
  lotDecimals: number;
  lotUnits: number;
  /** USDT value of one base coin and of one quote coin as the operators set them (the simulation's start). */
  fallbackBase: string;
  fallbackQuote: string;
  /** Market orders match only within this fraction of the index price (0.05 = 5 %). */
  priceBand: string;
  /** The market maker's ladder on this pair; null: its global settings. */
  mmLevels: number | null;
  /** Notional per side of the market maker's ladder, in the quote coin. */
  mmDepth: string | null;
  mmSpreadBps: number | null;
};

export async function loadPairs(db: Db): Promise<Pair[]> {
  const base = alias(currencies, 'base');
  const quote = alias(currencies, 'quote');
  const baseSettings = alias(currencySettings, 'base_settings');
  const quoteSettings = alias(currencySettings, 'quote_settings');
  const rows = await db
    .select({
      pair: pairs,
      baseName: base.name,
      baseIcon: base.icon,
      quoteName: quote.name,
      baseFallback: baseSettings.fallbackPrice,
      quoteFallback: quoteSettings.fallbackPrice,
    })
    .from(pairs)
    .innerJoin(base, eq(base.id, pairs.currencyId))
    .innerJoin(quote, eq(quote.id, pairs.legalId))
    .leftJoin(baseSettings, eq(baseSettings.currencyId, pairs.currencyId))
    .leftJoin(quoteSettings, eq(quoteSettings.currencyId, pairs.legalId))
    .orderBy(asc(pairs.sort), asc(pairs.id));
  return rows.map(({ pair, baseName, baseIcon, quoteName, baseFallback, quoteFallback }) => {
    const tick = new D(pair.tickSize);
    const lot = new D(pair.lotSize);
    const lotDecimals = typedDecimalsOf(lot);
    return {
      id: pair.id,
      symbol: pair.symbol,
      currencyId: pair.currencyId,
      legalId: pair.legalId,
      currencyName: baseName,
      legalName: quoteName,
      logo: baseIcon,
      priceDecimals: pair.priceDecimals,
      tickSize: str(tick),
      lotSize: str(lot),
      minAmount: str(pair.minAmount),
      makerFeeRate: str(pair.makerFeeRate),
      takerFeeRate: str(pair.takerFeeRate),
      openCoinTrade: pair.openCoinTrade,
      openLever: pair.openLever,
      openMicrotrade: pair.openMicrotrade,
      sort: pair.sort,
      tickUnits: Math.max(1, tick.times(new D(10).pow(pair.priceDecimals)).round().toNumber()),
      lotDecimals,
      lotUnits: lot.times(new D(10).pow(lotDecimals)).round().toNumber(),
      fallbackBase: str(baseFallback ?? 0),
      fallbackQuote: str(quoteFallback ?? 0),
      priceBand: str(pair.priceBand),
      mmLevels: pair.mmLevels,
      mmDepth: pair.mmDepth === null ? null : str(pair.mmDepth),
      mmSpreadBps: pair.mmSpreadBps,
    };
  });
}

/** A price rounded to the pair's tick (half up) and shown with the pair's places: "60000.10". */
export function formatPrice(pair: Pair, value: Dec | string | number): string {
  const tick = new D(pair.tickSize);
  return new D(value).dividedBy(tick).toDecimalPlaces(0, D.ROUND_HALF_UP).times(tick).toFixed(pair.priceDecimals);
}

/** The pair a client names: "BTC/USDT", "btc/usdt", "BTCUSDT" or "btc_usdt". */
export function symbolKey(symbol: string): string {
  return symbol.replace(/[/_\-\s]/g, '').toUpperCase();
}
