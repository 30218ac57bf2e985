import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { allPairs, findPair, type PairView, quotationQuery } from '../../lib/market-api';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';

/**
 * The pair the trade and chart pages show: `?symbol=BTC/USDT`, else the one shown last on this device,
 * else the first pair open for spot trading.
 */
export function useSelectedPair() {
  const [params, setParams] = useSearchParams();
  const quotation = useQuery(quotationQuery());
  const pairs = useMemo(() => allPairs(quotation.data), [quotation.data]);
  const requested = params.get('symbol');
  const pair: PairView | undefined =
    findPair(pairs, requested) ??
    findPair(pairs, readString(STORAGE_KEYS.tradeSymbol)) ??
    pairs.find((p) => p.open_coin_trade === 1) ??
    pairs[0];

  useEffect(() => {
    if (pair) writeString(STORAGE_KEYS.tradeSymbol, pair.symbol);
  }, [pair]);

  const choose = (next: PairView) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('symbol', next.symbol);
        return copy;
      },
      { replace: true },
    );
  };

  return { quotation, pairs, pair, choose };
}
