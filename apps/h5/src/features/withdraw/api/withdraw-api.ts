import type { withdrawalsApi } from '@app/shared';
import { api } from '../../../lib/api';

export type WithdrawInput = {
  currency: number;
  number: string;
  /** An address-book entry; or `method: 'bank'` for the bound bank card. */
  address_id?: number;
  method?: 'bank';
  pay_password: string;
  remark?: string;
};

/** Requests a withdrawal; amount + fee are frozen in the coin account until an operator reviews it. */
export const requestWithdrawal = (input: WithdrawInput) => api.post<withdrawalsApi.OutReply>('wallet/out', input);
