import type { approvalsApi, depositsApi, withdrawalsApi } from '@app/shared';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { type AccountKind, type Paged, walletKeys } from '../../../lib/wallet-api';

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

export const legalLogQuery = (account: AccountKind) =>
  pagedQuery<Paged<LedgerRow>>(assetsKeys.legalLog(account), 'post', 'wallet/legal_log', { type: account });

export const transferHistoryQuery = () => pagedQuery<Paged<TransferRow>>(assetsKeys.transfers, 'get', 'wallet/hzhistory');

export const depositLogQuery = () => pagedQuery<Paged<DepositRow>>(assetsKeys.deposits, 'get', 'charge_mention/log2');

export const withdrawLogQuery = () => pagedQuery<Paged<WithdrawalRow>>(assetsKeys.withdrawals, 'get', 'charge_mention/log3');

export type TransferInput = { currency_id: number; number: string; from_field: AccountKind; to_field: AccountKind };

/** A transfer between two of the user's own accounts (available balance only). */
export const transfer = (input: TransferInput) => api.post<{ id: number }>('wallet/change', input);
