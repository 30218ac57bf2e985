import type { withdrawalsApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { walletKeys } from './wallet-api';

/** A withdrawal address-book entry (the withdrawal and address pages both read the book). */
export type AddressEntry = withdrawalsApi.AddressEntry;

export const addressBookKeys = {
  all: [...walletKeys.all, 'get_address'] as const,
  of: (currency: number | 'all') => [...walletKeys.all, 'get_address', currency] as const,
};

/** The user's withdrawal addresses, newest first; of one coin when `currency` is given. */
export const addressBookQuery = (currency?: number) =>
  queryOptions({
    queryKey: addressBookKeys.of(currency ?? 'all'),
    queryFn: ({ signal }) =>
      api.post<AddressEntry[]>('wallet/get_address', currency ? { currency } : undefined, { loading: false, signal }),
    staleTime: 0,
  });
