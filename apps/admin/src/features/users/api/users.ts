import { type adminMoneyApi, walletApi } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { apiGet, apiPost } from '../../../lib/api';
import { isApprovalTicket, ticketText } from '../../../lib/approval-ticket';
import { freshQuery } from '../../../lib/fresh-query';
import type { Paged } from '../../../lib/paging';

/** The accounts every user has per coin (docs/api-money.md). */
export const ACCOUNTS = walletApi.ACCOUNT_KINDS;
export type AccountKind = walletApi.AccountKind;

export const ACCOUNT_LABELS: Record<string, string> = {
  coin: 'Coin',
  option: 'Option',
  contract: 'Contract',
  trust: 'Trust (wealth)',
};

/** Ledger reasons in words (the console is English-only, so the server's localized text is not needed). */
export const REASON_LABELS: Record<string, string> = {
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  deposit: 'Deposit',
  withdraw_freeze: 'Withdrawal (frozen)',
  withdraw_unfreeze: 'Withdrawal rejected (unfrozen)',
  withdraw_paid: 'Withdrawal paid',
  adjustment: 'Manual adjustment',
};

/** A user as `GET /api/admin/users` lists them; `review_state` is basic, `advanced_state` advanced verification. */
export type AdminUser = adminMoneyApi.UserSummary;
export type BalanceRow = adminMoneyApi.BalanceRow;
export type IdentitySubmission = adminMoneyApi.IdentitySubmission;
export type BankCard = adminMoneyApi.BankCard;

/** `GET /api/admin/users/:id`: `verification` holds the user's latest submissions, newest first. */
export type AdminUserDetail = adminMoneyApi.UserDetailReply;

/** `memo`: the operator's reason, on a manual adjustment. */
export type LedgerRow = adminMoneyApi.LedgerRow;

/** Balances in the order an operator reads them: the coin account first (the server lists accounts alphabetically). */
export function sortBalances(rows: BalanceRow[]): BalanceRow[] {
  const order = (a: string) => {
    const i = (ACCOUNTS as readonly string[]).indexOf(a);
    return i < 0 ? ACCOUNTS.length : i;
  };
  // Stable: within an account the server's coin order (its display sort) is kept.
  return [...rows].sort((a, b) => order(a.account) - order(b.account));
}

export const usersQuery = (q: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'users', { q, page, limit }] as const,
    queryFn: ({ signal }) => apiGet<Paged<AdminUser>>('/admin/users', { q: q.trim(), page, limit }, signal),
    placeholderData: keepPreviousData,
  });

// Balances move with every review elsewhere in the console; opening the page always re-reads them.
export const userDetailQuery = (id: number) => freshQuery<AdminUserDetail>(['admin', 'user', id], `/admin/users/${id}`);

export const userLedgerQuery = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'user', id, 'ledger', { page, limit }] as const,
    queryFn: ({ signal }) => apiGet<Paged<LedgerRow>>(`/admin/users/${id}/ledger`, { page, limit }, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export type AdjustInput = { currency_id: number; account: AccountKind; amount: string; reason: string };

export function useAdjustBalance(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustInput) =>
      apiPost<unknown>(`/admin/users/${userId}/adjust`, { ...input, amount: input.amount.trim(), reason: input.reason.trim() }),
    // Balances and the ledger both change; the list's columns do not, so only this user is refetched.
    // Nothing moves yet: the adjustment waits for a second operator under Pending approvals.
    onSuccess: (ticket) => {
      void message.info(isApprovalTicket(ticket) ? ticketText(ticket, 'The adjustment') : 'Adjustment filed.');
      return client.invalidateQueries({ queryKey: ['admin', 'user', userId] });
    },
  });
}
