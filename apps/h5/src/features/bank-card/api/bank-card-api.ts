import { api } from '../../../lib/api';
import type { BankCard } from '../../../lib/bank-card-api';

export type BankCardInput = {
  holder_name: string;
  card_number: string;
  bank_name: string;
  branch?: string;
  bank_address?: string;
  swift?: string;
  iban?: string;
  payee_address?: string;
  postal_code?: string;
};

/**
 * Saves the card (one per user; saving again replaces it, fields left out become empty). The reply's
 * schema allows null (bankCardsApi.SaveReply: the card is read back), but right after a save it is there.
 */
export const saveBankCard = (input: BankCardInput) => api.post<BankCard>('user/cash_save', input, { failure: 'bind' });
