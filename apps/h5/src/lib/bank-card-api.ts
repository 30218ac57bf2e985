import type { bankCardsApi } from '@app/shared';
import { apiQuery } from './api-query';

/** The user's bound bank card (one per user), as user/cash_info answers it. */
export type BankCard = bankCardsApi.BankCard;

export const bankCardKeys = { card: ['user', 'cash_info'] as const };

/** The bound card or null; read by bank binding and by the bank withdrawal page. */
export const bankCardQuery = () =>
  apiQuery<bankCardsApi.InfoReply>(bankCardKeys.card, 'post', 'user/cash_info', { staleTime: 0 });
