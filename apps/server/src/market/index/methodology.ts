import { D, type Dec } from '../../lib/money.js';
import type { IndexConstituent } from '../feed.js';

/**
 * The index methodology (docs/index.md), as a pure function of the venues' last prices and the clock:
 *
 * 1. A venue is *live* while its last trade is at most `staleMs` old (by the venue's own trade time).
 * 2. The median of the live venues' prices is the reference; a live venue more than `outlierBand` (a
 *    fraction, 0.02 = 2 %) away from it is an *outlier* and left out.
 * 3. The remaining venues are the constituents. Fewer than `minConstituents` → the index is unavailable:
 *    no price at all, never the last one or a guess.
 * 4. The index is the weighted median of the constituents' prices (equal weights: the plain median; when
 *    the weight splits exactly between two prices, their mean).
 *
 * Prices are decimal strings and decimal.js values throughout; nothing here is a float.
 */

export type MethodologyConfig = {
  staleMs: number;
  outlierBand: string;
  minConstituents: number;
  /** Weight per venue name; a venue not named weighs 1. */
  weights: Readonly<Record<string, number>>;
};

export type VenueQuote = { venue: string; price: string; time: number };

export type VenueVerdict = 'live' | 'stale' | 'outlier' | 'none';

export type IndexResult = {
  available: boolean;
  /** The index (full precision; the feed rounds it to the pair's tick), when available. */
  price?: Dec;
  constituents: IndexConstituent[];
  verdicts: Record<string, VenueVerdict>;
  /** Why the index is unavailable ('' when available). */
  reason: string;
};

/** Median of sorted decimals (mean of the middle two for an even count). */
export function median(sorted: readonly Dec[]): Dec {
  const n = sorted.length;
  if (n === 0) throw new Error('median of nothing');
  const mid = Math.floor(n / 2);
  return n % 2 ? sorted[mid]! : sorted[mid - 1]!.plus(sorted[mid]!).dividedBy(2);
}

/** Weighted median: the price at which half the total weight is reached (mean of two at an exact split). */
export function weightedMedian(items: readonly { price: Dec; weight: number }[]): Dec {
  const sorted = [...items].sort((a, b) => a.price.comparedTo(b.price));
  const total = sorted.reduce((sum, i) => sum.plus(i.weight), new D(0));
  const half = total.dividedBy(2);
  let cumulative = new D(0);
  for (let i = 0; i < sorted.length; i++) {
    cumulative = cumulative.plus(sorted[i]!.weight);
    if (cumulative.gt(half)) return sorted[i]!.price;
    if (cumulative.eq(half)) return sorted[i]!.price.plus(sorted[i + 1]?.price ?? sorted[i]!.price).dividedBy(2);
  }
  return sorted.at(-1)!.price;
}

export function computeIndex(
  /** Every configured venue; one without a price yet has `price` and `time` undefined. */
  quotes: readonly { venue: string; price?: string; time?: number }[],
  now: number,
  config: MethodologyConfig,
): IndexResult {
  const verdicts: Record<string, VenueVerdict> = {};
  const live: { quote: VenueQuote; price: Dec }[] = [];
  for (const q of quotes) {
    if (q.price === undefined || q.time === undefined) verdicts[q.venue] = 'none';
    else if (now - q.time > config.staleMs) verdicts[q.venue] = 'stale';
    else live.push({ quote: { venue: q.venue, price: q.price, time: q.time }, price: new D(q.price) });
  }
  const required = config.minConstituents;
  if (live.length < required)
    return { available: false, constituents: [], verdicts, reason: `${live.length} live venues, ${required} needed` };

  const reference = median(live.map((l) => l.price).sort((a, b) => a.comparedTo(b)));
  const band = new D(config.outlierBand);
  const kept: typeof live = [];
  for (const l of live) {
    const off = l.price.minus(reference).abs().dividedBy(reference);
    if (off.gt(band)) verdicts[l.quote.venue] = 'outlier';
    else {
      verdicts[l.quote.venue] = 'live';
      kept.push(l);
    }
  }
  const constituents = kept.map((k) => ({ venue: k.quote.venue, price: k.quote.price, time: k.quote.time }));
  if (kept.length < required) {
    const outliers = live.length - kept.length;
    return {
      available: false,
      constituents: [],
      verdicts,
      reason: `${kept.length} venues within the band (${outliers} outliers), ${required} needed`,
    };
  }
  const price = weightedMedian(kept.map((k) => ({ price: k.price, weight: config.weights[k.quote.venue] ?? 1 })));
  return { available: true, price, constituents, verdicts, reason: '' };
}
