import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The user's bound bank card (one per user), as user/cash_info answers it. */
export type BankCard = {
  holder_name: string;
  card_number: string;
  bank_name: string;
  branch: string | null;
  bank_address: string | null;
  swift: string | null;
  iban: string | null;
  payee_address: string | null;
  postal_code: string | null;
  updated_at: string;
};

export const bankCardKeys = { card: ['user', 'cash_info'] as const };

/** The bound card or null; read by bank binding and by the bank withdrawal page. */
export const bankCardQuery = () =>
  queryOptions({
    queryKey: bankCardKeys.card,
    queryFn: ({ signal }) => api.post<BankCard | null>('user/cash_info', undefined, { loading: false, signal }),
    staleTime: 0,
  });
