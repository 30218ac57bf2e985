import { PLAIN_DECIMAL } from '@app/shared';
import { D } from '../../lib/money.js';
import type { IndexFeedOptions } from './index-feed.js';
import { VENUE_NAMES, VENUES, type VenueName } from './venues.js';

/** Websocket URL variable per venue; Binance's is MARKET_WS_URL, shared with MARKET_FEED=binance. */
export const VENUE_WS_ENV: Readonly<Record<VenueName, string>> = {
  binance: 'MARKET_WS_URL',
  okx: 'MARKET_OKX_WS_URL',
  coinbase: 'MARKET_COINBASE_WS_URL',
  kraken: 'MARKET_KRAKEN_WS_URL',
  bybit: 'MARKET_BYBIT_WS_URL',
};

const whole = (name: string, value: string | undefined, fallback: number, min: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min} (got "${value}")`);
  return n;
};

/**
 * The multi-venue index's settings (MARKET_FEED=index) from the environment; README lists each. A
 * misspelt venue or an impossible limit stops the start: a price source must never be half configured.
 */
export function indexFeedConfig(env: NodeJS.ProcessEnv, historyRestUrl: string): IndexFeedOptions {
  const names = (env.MARKET_INDEX_VENUES || VENUE_NAMES.join(','))
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names)
    if (!(VENUE_NAMES as readonly string[]).includes(name))
      throw new Error(`MARKET_INDEX_VENUES: unknown venue "${name}" (known: ${VENUE_NAMES.join(', ')})`);
  const venues = [...new Set(names as VenueName[])].map((name) => ({
    name,
    wsUrl: env[VENUE_WS_ENV[name]] || VENUES[name].defaultWsUrl,
  }));
  // One venue is a feed, not an index: the outlier rule needs others to compare with.
  const minConstituents = whole('MARKET_INDEX_MIN_CONSTITUENTS', env.MARKET_INDEX_MIN_CONSTITUENTS, 3, 2);
  if (venues.length < minConstituents)
    throw new Error(`MARKET_INDEX_VENUES names ${venues.length} venues; MARKET_INDEX_MIN_CONSTITUENTS needs ${minConstituents}`);
  const outlierPct = env.MARKET_INDEX_OUTLIER_PCT || '2';
  if (!PLAIN_DECIMAL.test(outlierPct) || new D(outlierPct).lte(0) || new D(outlierPct).gte(100))
    throw new Error(`MARKET_INDEX_OUTLIER_PCT must be a percentage between 0 and 100 (got "${outlierPct}")`);
  const weights: Record<string, number> = {};
  for (const part of (env.MARKET_INDEX_WEIGHTS ?? '').split(',').filter((p) => p.trim())) {
    const [venue, weight] = part.split('=').map((s) => s.trim());
    const n = Number(weight);
    if (!venue || !names.includes(venue.toLowerCase()) || !(n > 0) || !Number.isFinite(n))
      throw new Error(`MARKET_INDEX_WEIGHTS: "${part}" is not <configured venue>=<positive weight>`);
    weights[venue.toLowerCase()] = n;
  }
  return {
    venues,
    historyRestUrl,
    methodology: {
      staleMs: whole('MARKET_INDEX_STALE_MS', env.MARKET_INDEX_STALE_MS, 10_000, 100),
      outlierBand: new D(outlierPct).dividedBy(100).toFixed(),
      minConstituents,
      weights,
    },
  };
}
