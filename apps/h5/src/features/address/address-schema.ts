import { CODE_PATTERN, PAY_PASSWORD_PATTERN } from '@app/shared';
import { z } from 'zod';

export type AddressForm = { currency: number; chain: string; address: string; label: string; pay_password: string; code: string };

export const LABEL_MAX = 40;

/**
 * Creating a withdrawal address (spec: address, fund password and verification code required).
 * The address format of each chain, checksums included, is the server's to judge.
 */
export const addressSchema = z
  .object({
    currency: z.number(),
    chain: z.string(),
    address: z.string(),
    label: z.string(),
    pay_password: z.string(),
    code: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof AddressForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.chain) issue('chain', 'chain_unknown');
    if (!v.address.trim()) issue('address', 'address_required');
    else if (/\s/.test(v.address.trim())) issue('address', 'address_invalid');
    if (v.label.trim().length > LABEL_MAX) issue('label', 'field_invalid');
    if (!PAY_PASSWORD_PATTERN.test(v.pay_password)) issue('pay_password', 'pay_password_format');
    if (!v.code.trim()) issue('code', 'code_required');
    else if (!CODE_PATTERN.test(v.code.trim())) issue('code', 'code_invalid');
  });
