import { checkAmount } from '@app/shared';
import { z } from 'zod';
import { ACCOUNT_KINDS, type AccountKind, balanceOf, type WalletList } from '../../lib/wallet-api';

export type TransferForm = { from: AccountKind; to: AccountKind; currency_id: number; number: string };

/**
 * The transfer form's rules, against the balances on screen: two different accounts, and an amount
 * that is given, positive, within the coin's decimals and not above the source's available balance.
 * Messages are error codes (translated by FormField), the same the server would answer.
 */
export function transferSchema(wallet: WalletList | undefined) {
  return z
    .object({
      from: z.enum(ACCOUNT_KINDS, { message: 'account_unknown' }),
      to: z.enum(ACCOUNT_KINDS, { message: 'account_unknown' }),
      currency_id: z.number({ message: 'currency_unknown' }).int().positive('currency_unknown'),
      number: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.from === v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'same_account' });
      const coin = balanceOf(wallet, v.from, v.currency_id);
      const error = checkAmount(v.number, { decimals: coin?.decimals ?? 0, max: coin?.available ?? '0' });
      if (error) ctx.addIssue({ code: 'custom', path: ['number'], message: error });
    });
}
