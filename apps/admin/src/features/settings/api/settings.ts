import type { depositsApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import type { ApprovalTicket } from '../../../lib/approval-ticket';
import { type CurrencySetting, currenciesQuery } from '../../../lib/currencies';

/** One chain of one coin and the platform's deposit address on it (empty: deposits on it are not offered). */
export type DepositAddress = depositsApi.DepositAddressRow;

/**
 * Optional fields arrive as null; they are sent as absent (the server refuses null for them). Kept
 * by hand: the form sends it too, so it is looser than the reply (depositsApi.BankInfoReply).
 */
export type BankDeposit = {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch?: string | null;
  swift?: string | null;
  remark?: string | null;
};

export type CurrencySettingInput = Pick<
  CurrencySetting,
  'currency_id' | 'deposit_min' | 'withdraw_min' | 'withdraw_fee' | 'fallback_price'
>;

export const depositAddressesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'deposit-addresses'] as const,
    queryFn: ({ signal }) => apiGet<DepositAddress[]>('/admin/deposit-addresses', undefined, signal),
    // An editing form must not be reset under the operator by a background refetch.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const bankDepositQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'bank-deposit'] as const,
    queryFn: ({ signal }) => apiGet<BankDeposit | null>('/admin/bank-deposit', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

function useSave<I, R>(path: string, queryKey: readonly unknown[], body: (input: I) => unknown = (input) => input) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<R>(path, body(input)),
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
}

/**
 * Saves the chains whose address changed (an empty address removes it). Only changes are sent: the
 * server writes one audit row per chain it is given, and an unchanged chain is not an action.
 */
export const useSaveDepositAddresses = () =>
  // Users send money to these: a change waits for a second operator (the reply is the request's ticket).
  useSave<{ chain_id: number; address: string }[], ApprovalTicket>(
    '/admin/deposit-addresses',
    depositAddressesQuery().queryKey,
    (addresses) => ({
      addresses,
    }),
  );

/** Saves one coin's rules; the reply is that coin's row as stored. */
export const useSaveCurrencySetting = () =>
  useSave<CurrencySettingInput, CurrencySetting>('/admin/currency-settings', currenciesQuery().queryKey);

/** Saves the bank details (which also switches bank deposits on), or with `null` switches them off. */
export const useSaveBankDeposit = () =>
  useSave<BankDeposit | null, BankDeposit | null>('/admin/bank-deposit', bankDepositQuery().queryKey, (details) =>
    details ? { ...details, enabled: true } : { enabled: false },
  );
