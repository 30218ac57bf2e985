import { divideDecimal, isPositiveDecimal } from '@app/shared';
import { create } from 'zustand';
import type { PairView } from './market-api';
import { formatAmount } from './number-format';
import { readString, STORAGE_KEYS, writeString } from './storage';

/**
 * The pricing (valuation) method: the unit the asset totals are shown in. The server values every
 * balance in USDT; another unit is that total divided by the coin's last USDT price, so only coins
 * with a `<COIN>/USDT` pair can be chosen.
 */
export const BASE_UNIT = 'USDT';

/** A stored unit as text; anything unreadable falls back to USDT (a missing pair is handled later). */
export function parseUnit(value: string | null): string {
  return value && /^[A-Z0-9]{1,16}$/.test(value) ? value : BASE_UNIT;
}

type ValuationState = { unit: string; setUnit: (unit: string) => void };

export const useValuationStore = create<ValuationState>()((set) => ({
  unit: parseUnit(readString(STORAGE_KEYS.valuation)),
  setUnit: (unit) => {
    const next = parseUnit(unit);
    writeString(STORAGE_KEYS.valuation, next);
    set({ unit: next });
  },
}));

/** The USDT pair of a coin ("BTC" → the BTC/USDT pair), if the market lists one. */
function usdtPair(pairs: readonly PairView[], coin: string): PairView | undefined {
  return pairs.find((p) => p.currency_name === coin && p.legal_name === BASE_UNIT);
}

/** The units a user can choose: USDT first, then every coin quoted in USDT, in the market's order. */
export function valuationUnits(pairs: readonly PairView[]): string[] {
  const coins = pairs.filter((p) => p.legal_name === BASE_UNIT && p.currency_name !== BASE_UNIT).map((p) => p.currency_name);
  return [BASE_UNIT, ...new Set(coins)];
}

/** The coin's last USDT price, or null while the feed has none or the pair is gone. */
export function unitPrice(pairs: readonly PairView[] | undefined, unit: string): string | null {
  if (unit === BASE_UNIT || !pairs) return null;
  return usdtPair(pairs, unit)?.now_price ?? null;
}

export type ValuedTotal = { text: string; unit: string };

/** Places shown: USDT as money (2), a coin like other coin amounts (8, trailing zeros trimmed). */
const USDT_PLACES = 2;
const COIN_PLACES = 8;

/**
 * A USDT total in the chosen unit, as display text: total ÷ price, exact (no floats), cut to 8
 * places. Without a usable price (unknown yet, zero, or the pair gone) it stays in USDT.
 */
export function valueInUnit(totalUsdt: string, unit: string, price: string | null | undefined): ValuedTotal {
  if (unit === BASE_UNIT || !price || !isPositiveDecimal(price)) {
    return { text: formatAmount(totalUsdt, USDT_PLACES, USDT_PLACES), unit: BASE_UNIT };
  }
  return { text: formatAmount(divideDecimal(totalUsdt, price, COIN_PLACES), COIN_PLACES), unit };
}
