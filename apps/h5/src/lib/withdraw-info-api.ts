import type { withdrawalsApi } from '@app/shared';
import { apiQuery } from './api-query';
import { walletKeys } from './wallet-api';

/**
 * A coin's withdrawal rules (chains, fee, minimum) with the user's coin-account balance and today's
 * remaining count. The withdrawal page reads all of it; the address form reads the coin's chains.
 */
export type WithdrawInfo = withdrawalsApi.InfoReply;

export const withdrawInfoKeys = {
  of: (currency: number) => [...walletKeys.all, 'get_info', currency] as const,
};

// The balance and today's remaining count must be current when a withdrawal is prepared.
export const withdrawInfoQuery = (currency: number) =>
  apiQuery<WithdrawInfo>(withdrawInfoKeys.of(currency), 'post', 'wallet/get_info', { params: { currency }, staleTime: 0 });
