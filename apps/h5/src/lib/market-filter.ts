/**
 * Search and categories of the markets lists (home board and pair switcher). Categories are the large
 * exchanges' sectors of the seeded coins; a coin listed later that is in none shows under "All" only.
 */

export const MARKET_CATEGORIES = ['all', 'favourites', 'layer1', 'payments', 'meme'] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

/** Sectors by base coin. */
const SECTORS: Record<string, readonly MarketCategory[]> = {
  BTC: ['layer1', 'payments'],
  ETH: ['layer1'],
  SOL: ['layer1'],
  BNB: ['layer1'],
  ADA: ['layer1'],
  TON: ['layer1'],
  TRX: ['layer1'],
  XRP: ['payments'],
  LTC: ['payments'],
  DOGE: ['meme', 'payments'],
};

type Filterable = { id: number; symbol: string; currency_name: string };

/** Upper case without separators or spaces: "btc/usdt", "BTC USDT" and "btcusdt" all match BTC/USDT. */
const squash = (text: string) => text.replace(/[\s/_-]+/g, '').toUpperCase();

/**
 * The pairs a list shows: in the category (favourites: the ids in `favourites`) whose symbol contains
 * the search text, in their original order.
 */
export function filterPairs<P extends Filterable>(
  pairs: readonly P[],
  options: { query?: string; category?: MarketCategory; favourites?: ReadonlySet<number> },
): P[] {
  const query = squash(options.query ?? '');
  const category = options.category ?? 'all';
  return pairs.filter((pair) => {
    if (query && !squash(pair.symbol).includes(query)) return false;
    if (category === 'all') return true;
    if (category === 'favourites') return options.favourites?.has(pair.id) ?? false;
    return SECTORS[pair.currency_name.toUpperCase()]?.includes(category) ?? false;
  });
}
