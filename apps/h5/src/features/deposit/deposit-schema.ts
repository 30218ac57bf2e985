import { CARD_NUMBER_PATTERN, checkAmount, normalizeCardNumber } from '@app/shared';
import { z } from 'zod';

export type DepositMode = 'chain' | 'bank';
export type DepositForm = { amount: string; imgs: string; bank_name: string; card_number: string; transfer_amount: string };

/** Fiat transfer amounts are in cents at most (the server's rule). */
const FIAT_DECIMALS = 2;

/**
 * The deposit form's rules (spec: amount, proof image; bank deposits add the bank name, the card
 * number and the amount transferred). Messages are error codes, as the server would answer them.
 */
export function depositSchema(mode: DepositMode, decimals: number, min?: string) {
  return z
    .object({
      amount: z.string(),
      imgs: z.string(),
      bank_name: z.string(),
      card_number: z.string(),
      transfer_amount: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof DepositForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const amount = checkAmount(v.amount, { decimals, min });
      if (amount) issue('amount', amount);
      if (mode === 'bank') {
        if (!v.bank_name.trim()) issue('bank_name', 'field_required');
        const card = normalizeCardNumber(v.card_number);
        if (!card) issue('card_number', 'field_required');
        else if (!CARD_NUMBER_PATTERN.test(card)) issue('card_number', 'field_invalid');
        const fiat = checkAmount(v.transfer_amount, { decimals: FIAT_DECIMALS });
        if (fiat) issue('transfer_amount', fiat);
      }
      if (!v.imgs) issue('imgs', 'upload_required');
    });
}
