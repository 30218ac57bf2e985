import type { bankCardsApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The user's bound bank card (one per user), as user/cash_info answers it. */
export type BankCard = bankCardsApi.BankCard;

export const bankCardKeys = { card: ['user', 'cash_info'] as const };

/** The bound card or null; read by bank binding and by the bank withdrawal page. */
export const bankCardQuery = () =>
  queryOptions({
    queryKey: bankCardKeys.card,
    queryFn: ({ signal }) => api.post<bankCardsApi.InfoReply>('user/cash_info', undefined, { loading: false, signal }),
    staleTime: 0,
  });
