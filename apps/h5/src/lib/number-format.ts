import type { Lang } from '@app/shared';
import { decimalPlaces, formatDecimal, isDecimal, multiplyDecimal } from '@app/shared';
import { HTML_LANG } from './i18n';
import { currentLang } from './locale';

/**
 * The one way the H5 app writes numbers for people: every money view (balances, prices, fills, fees,
 * rates) goes through these. Values stay decimal strings; digits are cut (never rounded up, a balance
 * must not look larger than it is), grouped in thousands, and written with the separators of the app's
 * language ("1,234.5" in English, "1.234,5" in Spanish).
 */

/**
 * Display places of coins whose usual precision is below what they are kept in (USDT in cents).
 * Trailing zeros are dropped ("100 USDT"), as amounts are written across the app; totals that are
 * sums of values (the assets total) keep their two places through `formatAmount(v, 2, 2)`.
 */
const COIN_DISPLAY_PLACES: Record<string, { places: number; minPlaces: number }> = {
  USDT: { places: 2, minPlaces: 0 },
  USDC: { places: 2, minPlaces: 0 },
  USD: { places: 2, minPlaces: 0 },
  BTC: { places: 8, minPlaces: 0 },
  ETH: { places: 6, minPlaces: 0 },
};
/** Other coins: their own decimals, but never more than this many. */
const MAX_COIN_PLACES = 8;

type Separators = { group: string; decimal: string };
const separatorCache = new Map<string, Separators>();

/** The language's grouping and decimal marks, read once from Intl (only the marks are taken from it). */
export function separatorsFor(lang: Lang): Separators {
  const tag = HTML_LANG[lang] ?? 'en';
  const cached = separatorCache.get(tag);
  if (cached) return cached;
  let found: Separators = { group: ',', decimal: '.' };
  try {
    // A sample number only to learn the marks; no amount ever passes through Intl.
    const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
  } catch {
    // An engine without the locale: the English marks.
  }
  separatorCache.set(tag, found);
  return found;
}

/** "1,234.5" (the neutral form) written with a language's marks. */
function localize(neutral: string, lang: Lang): string {
  const { group, decimal } = separatorsFor(lang);
  if (group === ',' && decimal === '.') return neutral;
  return neutral.replace(/[,.]/g, (mark) => (mark === ',' ? group : decimal));
}

/** An amount: grouped, at most `places` decimals (cut), padded to `minPlaces`; "—" when absent. */
export function formatAmount(value: string | null | undefined, places = 8, minPlaces = 0, lang: Lang = currentLang()): string {
  const neutral = formatDecimal(value, places, minPlaces);
  return neutral === '—' ? neutral : localize(neutral, lang);
}

/** Display places of a coin: its usual precision (USDT 2), else its own decimals capped at 8. */
export function coinPlaces(coin: string, decimals?: number): { places: number; minPlaces: number } {
  const known = COIN_DISPLAY_PLACES[coin.toUpperCase()];
  const own = Math.min(decimals ?? MAX_COIN_PLACES, MAX_COIN_PLACES);
  if (known) return { places: Math.min(known.places, own), minPlaces: Math.min(known.minPlaces, own) };
  return { places: own, minPlaces: 0 };
}

/** An amount of a coin without its name: "1,000.00" for USDT, "0.00512" for BTC. */
export function formatCoinAmount(value: string | null | undefined, coin: string, decimals?: number, lang?: Lang): string {
  const { places, minPlaces } = coinPlaces(coin, decimals);
  return formatAmount(value, places, minPlaces, lang);
}

/** An amount with its coin: "1,000.00 USDT"; "—" when absent. */
export function formatMoney(value: string | null | undefined, coin: string, decimals?: number, lang?: Lang): string {
  const shown = formatCoinAmount(value, coin, decimals, lang);
  return shown === '—' ? shown : `${shown} ${coin}`;
}

/** A price on the pair's grid: always `priceDecimals` places ("60,145.86"). */
export function formatPrice(value: string | null | undefined, priceDecimals: number, lang?: Lang): string {
  return formatAmount(value, priceDecimals, priceDecimals, lang);
}

/**
 * A price as the server quoted it (already on the pair's grid): its places kept, thousands grouped
 * ("60145.86" → "60,145.86"), for views that do not carry the pair's decimals.
 */
export function formatQuoted(value: string | null | undefined, lang?: Lang): string {
  if (value === null || value === undefined || !isDecimal(value)) return '—';
  const places = decimalPlaces(value.trim());
  return formatAmount(value, places, places, lang);
}

/** A value already in percent, written one way everywhere: two places and the sign glued ("0.40%"). */
export function formatPercent(value: string | null | undefined, places = 2, lang?: Lang): string {
  if (value === null || value === undefined || !isDecimal(value)) return '—';
  return `${formatAmount(value, places, places, lang)}%`;
}

/** A percent with an explicit "+" on gains ("+1.25%", "-0.40%", "0.00%"). */
export function formatSignedPercent(value: string | null | undefined, places = 2, lang?: Lang): string {
  const shown = formatPercent(value, places, lang);
  // A gain too small to show ("0.00%") gets no sign: the sign follows what is written.
  return shown !== '—' && !shown.startsWith('-') && /[1-9]/.test(shown) ? `+${shown}` : shown;
}

/** A rate kept as a fraction (0.004) written as a percent ("0.40%"). */
export function formatRate(fraction: string | null | undefined, places = 2, lang?: Lang): string {
  if (fraction === null || fraction === undefined || !isDecimal(fraction)) return '—';
  return formatPercent(multiplyDecimal(fraction, '100'), places, lang);
}
