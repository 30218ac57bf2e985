import type { approvalsApi, depositsApi, withdrawalsApi } from '@app/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type AccountKind, nextPage, PAGE_SIZE, type Paged, walletKeys } from '../../../lib/wallet-api';

/** One ledger posting of the user's (wallet/legal_log): what changed a balance and why. */
export type LedgerRow = {
  id: number;
  currency_id: number;
  currency_name: string;
  account: AccountKind;
  bucket: 'available' | 'frozen';
  amount: string;
  balance_after: string;
  reason: string;
  reason_text: string;
  ref_type: string | null;
  ref_id: number | null;
  created_at: string;
};

export type TransferRow = {
  id: number;
  currency_id: number;
  currency_name: string;
  from_field: AccountKind;
  to_field: AccountKind;
  amount: string;
  created_at: string;
};

export type ReviewState = approvalsApi.ReviewState;
/** A deposit (charge_mention/log2) and a withdrawal (charge_mention/log3) as their owner reads them. */
export type DepositRow = depositsApi.DepositRow;
export type WithdrawalRow = withdrawalsApi.WithdrawalRow;

export const assetsKeys = {
  legalLog: (account: AccountKind) => [...walletKeys.all, 'legal_log', account] as const,
  transfers: [...walletKeys.all, 'hzhistory'] as const,
  deposits: [...walletKeys.records, 'log2'] as const,
  withdrawals: [...walletKeys.records, 'log3'] as const,
};

/** Records change with reviews done elsewhere: every visit asks again (pull-to-refresh as well). */
const paged = { initialPageParam: 1, getNextPageParam: nextPage, staleTime: 0 } as const;

export const legalLogQuery = (account: AccountKind) =>
  infiniteQueryOptions({
    queryKey: assetsKeys.legalLog(account),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<LedgerRow>>(
        'wallet/legal_log',
        { type: account, page: pageParam, limit: PAGE_SIZE },
        { loading: false, signal },
      ),
    ...paged,
  });

export const transferHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: assetsKeys.transfers,
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<TransferRow>>('wallet/hzhistory', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    ...paged,
  });

export const depositLogQuery = () =>
  infiniteQueryOptions({
    queryKey: assetsKeys.deposits,
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<DepositRow>>('charge_mention/log2', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    ...paged,
  });

export const withdrawLogQuery = () =>
  infiniteQueryOptions({
    queryKey: assetsKeys.withdrawals,
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<WithdrawalRow>>('charge_mention/log3', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    ...paged,
  });

export type TransferInput = { currency_id: number; number: string; from_field: AccountKind; to_field: AccountKind };

/** A transfer between two of the user's own accounts (available balance only). */
export const transfer = (input: TransferInput) => api.post<{ id: number }>('wallet/change', input);
