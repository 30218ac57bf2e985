import { useQuery } from '@tanstack/react-query';
import { allPairs, quotationQuery } from './market-api';
import { BASE_UNIT, unitPrice, useValuationStore, type ValuedTotal, valueInUnit } from './valuation';

/**
 * Formats USDT totals in the user's pricing unit. The market list is asked for only when a coin is
 * chosen; until its price arrives the totals stay in USDT.
 */
export function useValuation(): (totalUsdt: string) => ValuedTotal {
  const unit = useValuationStore((s) => s.unit);
  const market = useQuery({
    ...quotationQuery(),
    enabled: unit !== BASE_UNIT,
    // A fresh server's feed may not have priced the coin yet: ask again until it has (the assets page
    // does not follow the socket's tickers), then stop.
    refetchInterval: (query) => (unitPrice(query.state.data ? allPairs(query.state.data) : undefined, unit) ? false : 2_000),
  });
  const price = unitPrice(market.data ? allPairs(market.data) : undefined, unit);
  return (totalUsdt) => valueInUnit(totalUsdt, unit, price);
}
