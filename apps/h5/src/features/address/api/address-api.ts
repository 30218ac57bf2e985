import type { withdrawalsApi } from '@app/shared';
import { api } from '../../../lib/api';

export type AddAddressInput = {
  currency: number;
  /** The chain (the original client's field name). */
  type: string;
  address: string;
  label?: string;
  pay_password: string;
  code: string;
};

/** Adds an address-book entry; the server checks the chain's address format and both secrets. */
export const addAddress = (input: AddAddressInput) =>
  api.post<withdrawalsApi.AddAddressReply>('wallet/addaddress', input, { failure: 'bind' });

/** Removes an entry (past withdrawals keep their own copy of the address). */
export const deleteAddress = (id: number) => api.post<true>('wallet/deladdress', { id });
