import { compareDecimal } from '@app/shared';
import { useState } from 'react';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import type { CoinBalance } from '../../lib/wallet-api';

/** "Small" is worth less than 1 USDT (spec: hide small balances). */
export const SMALL_BALANCE_USDT = '1';

export function visibleBalances(rows: readonly CoinBalance[], hideSmall: boolean): CoinBalance[] {
  return hideSmall ? rows.filter((r) => compareDecimal(r.usdt_value, SMALL_BALANCE_USDT) >= 0) : [...rows];
}

/** The switch's state, remembered on the device. */
export function useHideSmall(): [boolean, (hide: boolean) => void] {
  const [hide, setHide] = useState(() => readString(STORAGE_KEYS.hideSmall) === '1');
  return [
    hide,
    (next) => {
      writeString(STORAGE_KEYS.hideSmall, next ? '1' : '0');
      setHide(next);
    },
  ];
}
