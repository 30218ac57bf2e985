import type { MatchTradeEvent } from '@app/shared';

/** Streamed trades and the REST page as one list: no duplicates, newest first, at most `limit`. */
export function mergeTrades(streamed: readonly MatchTradeEvent[], fetched: readonly MatchTradeEvent[] = [], limit = 30) {
  const seen = new Set<string>();
  const out: MatchTradeEvent[] = [];
  for (const trade of [...streamed, ...fetched]) {
    const key = String(trade.id);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(trade);
  }
  return out.sort((a, b) => b.time - a.time).slice(0, limit);
}
