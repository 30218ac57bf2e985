import type { adminMoneyApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import { apiGet } from './api';

/** A coin of the platform with its money rules, as `GET /api/admin/currency-settings` lists it. */
export type CurrencySetting = adminMoneyApi.CurrencySetting;

/** What a coin chooser needs of a coin. */
export type Coin = Pick<CurrencySetting, 'currency_id' | 'currency_name'>;

/** The coin prices are quoted in; new products and projects are offered in it unless the operator chooses another. */
export const QUOTE_COIN = 'USDT';

/**
 * The platform's coins in their display order. Ids differ between installations, so the console looks
 * a coin up here by its symbol rather than assuming an id. Kept until a save changes it: an editing
 * form must not be reset under the operator by a background refetch.
 */
export const currenciesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'currency-settings'] as const,
    queryFn: ({ signal }) => apiGet<CurrencySetting[]>('/admin/currency-settings', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const coinBySymbol = <C extends Coin>(coins: readonly C[] | undefined, symbol: string): C | undefined =>
  coins?.find((c) => c.currency_name === symbol);

/** A coin field's default: the quote coin when the list has it, else the first coin listed. */
export const defaultCoinId = (coins: readonly Coin[] | undefined): number | undefined =>
  (coinBySymbol(coins, QUOTE_COIN) ?? coins?.[0])?.currency_id;

/** The options of a coin `Select`. */
export const coinOptions = (coins: readonly Coin[] | undefined) =>
  (coins ?? []).map((c) => ({ value: c.currency_id, label: c.currency_name }));

/**
 * Fills a form's empty coin field with the default coin once the coin list is there. A form mounts
 * before the list arrives, so its initial values cannot carry the coin; a field already chosen is kept.
 */
export function useDefaultCoin(form: FormInstance, field: string, coins: readonly Coin[] | undefined, active = true) {
  const id = defaultCoinId(coins);
  useEffect(() => {
    if (active && id !== undefined && form.getFieldValue(field) == null) form.setFieldValue(field, id);
  }, [form, field, id, active]);
}
