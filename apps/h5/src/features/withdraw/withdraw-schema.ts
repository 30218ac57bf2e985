import {
  addDecimal,
  checkAmount,
  clampToZero,
  isPositiveDecimal,
  PAY_PASSWORD_PATTERN,
  subtractDecimal,
  truncateDecimal,
} from '@app/shared';
import { z } from 'zod';
import type { WithdrawInfo } from '../../lib/withdraw-info-api';

export type WithdrawForm = { address_id: number; number: string; remark: string; pay_password: string };

export const REMARK_MAX = 200;

/** The most that can be withdrawn: the fee comes on top of the amount, so available − fee. */
export function maxWithdrawable(info: Pick<WithdrawInfo, 'available' | 'fee' | 'decimals'>): string {
  return truncateDecimal(clampToZero(subtractDecimal(info.available, info.fee)), info.decimals);
}

/** What leaves the coin account for an amount: the amount plus the fee; null until the amount is valid. */
export function totalDeducted(amount: string, fee: string): string | null {
  return isPositiveDecimal(amount) ? addDecimal(amount, fee) : null;
}

/**
 * The withdrawal form's rules (spec: address set, amount, fund password): an address-book entry, an
 * amount at or above the coin's minimum that the balance covers with its fee, a 6-digit fund password.
 */
export function withdrawSchema(info: WithdrawInfo | undefined, { needsAddress = true } = {}) {
  return z
    .object({ address_id: z.number(), number: z.string(), remark: z.string(), pay_password: z.string() })
    .superRefine((v, ctx) => {
      const issue = (path: keyof WithdrawForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (needsAddress && !v.address_id) issue('address_id', 'address_required');
      if (info) {
        const error = checkAmount(v.number, { decimals: info.decimals, min: info.min, max: maxWithdrawable(info) });
        if (error) issue('number', error);
      }
      if (v.remark.length > REMARK_MAX) issue('remark', 'field_invalid');
      if (!PAY_PASSWORD_PATTERN.test(v.pay_password)) issue('pay_password', 'pay_password_format');
    });
}
