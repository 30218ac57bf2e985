import type { withdrawalsApi } from '@app/shared';
import { apiQuery } from './api-query';
import { walletKeys } from './wallet-api';

/** A withdrawal address-book entry (the withdrawal and address pages both read the book). */
export type AddressEntry = withdrawalsApi.AddressEntry;

export const addressBookKeys = {
  all: [...walletKeys.all, 'get_address'] as const,
  of: (currency: number | 'all') => [...walletKeys.all, 'get_address', currency] as const,
};

/** The user's withdrawal addresses, newest first; of one coin when `currency` is given. */
export const addressBookQuery = (currency?: number) =>
  apiQuery<AddressEntry[]>(addressBookKeys.of(currency ?? 'all'), 'post', 'wallet/get_address', {
    params: currency ? { currency } : undefined,
    staleTime: 0,
  });
