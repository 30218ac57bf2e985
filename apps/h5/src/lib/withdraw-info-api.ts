import type { withdrawalsApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { walletKeys } from './wallet-api';

/**
 * A coin's withdrawal rules (chains, fee, minimum) with the user's coin-account balance and today's
 * remaining count. The withdrawal page reads all of it; the address form reads the coin's chains.
 */
export type WithdrawInfo = withdrawalsApi.InfoReply;

export const withdrawInfoKeys = {
  of: (currency: number) => [...walletKeys.all, 'get_info', currency] as const,
};

export const withdrawInfoQuery = (currency: number) =>
  queryOptions({
    queryKey: withdrawInfoKeys.of(currency),
    queryFn: ({ signal }) => api.post<WithdrawInfo>('wallet/get_info', { currency }, { loading: false, signal }),
    // The balance and today's remaining count must be current when a withdrawal is prepared.
    staleTime: 0,
  });
