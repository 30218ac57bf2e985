import type { depositsApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';
import { walletKeys } from '../../../lib/wallet-api';

/** A chain of a coin with the platform's deposit address on it. */
export type DepositChain = depositsApi.DepositChain;

/** The operator's bank details for bank-card deposits; null while bank deposits are off. */
export type BankDepositInfo = depositsApi.BankInfoReply;

export const depositKeys = {
  addresses: (currency: number) => [...walletKeys.all, 'get_in_address', currency] as const,
  bankInfo: [...walletKeys.all, 'bank_info'] as const,
};

export const depositAddressesQuery = (currency: number) =>
  apiQuery<DepositChain[]>(depositKeys.addresses(currency), 'post', 'wallet/get_in_address', { params: { currency } });

export const bankInfoQuery = () => apiQuery<BankDepositInfo>(depositKeys.bankInfo, 'get', 'wallet/bank_info');

export type ChainDepositInput = { method: 'chain'; currency: number; amount: string; type: string; imgs: string };
export type BankDepositInput = {
  method: 'bank';
  currency: number;
  amount: string;
  bank_name: string;
  card_number: string;
  transfer_amount: string;
  imgs: string;
};

/** Reports a deposit for review: the operator checks the funds arrived, then credits the coin account. */
export const requestDeposit = (input: ChainDepositInput | BankDepositInput) =>
  api.post<depositsApi.ChargeReply>('wallet/charge_req', input);
