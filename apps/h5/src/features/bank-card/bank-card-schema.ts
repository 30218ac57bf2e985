import { CARD_NUMBER_PATTERN, isValidIban, normalizeCardNumber, normalizeIban, normalizeSwift, SWIFT_PATTERN } from '@app/shared';
import { z } from 'zod';

export type BankCardForm = {
  holder_name: string;
  card_number: string;
  bank_name: string;
  branch: string;
  bank_address: string;
  swift: string;
  iban: string;
  payee_address: string;
  postal_code: string;
};

export const BANK_FIELDS = [
  'holder_name',
  'card_number',
  'bank_name',
  'branch',
  'bank_address',
  'swift',
  'iban',
  'payee_address',
  'postal_code',
] as const satisfies readonly (keyof BankCardForm)[];

/** Longest value the server keeps for each field. */
export const BANK_MAX: Record<keyof BankCardForm, number> = {
  holder_name: 100,
  card_number: 40,
  bank_name: 100,
  branch: 200,
  bank_address: 300,
  swift: 11,
  iban: 42,
  payee_address: 300,
  postal_code: 20,
};

/**
 * The bank card form, with the same checks as the server (@app/shared bank helpers): holder, card
 * number (8–30 digits once spaces and dashes are removed) and bank required; SWIFT and IBAN checked
 * when given (the IBAN by its mod-97 check digits).
 */
export const bankCardSchema = z
  .object(Object.fromEntries(BANK_FIELDS.map((f) => [f, z.string()])) as Record<keyof BankCardForm, z.ZodString>)
  .superRefine((v, ctx) => {
    const issue = (path: keyof BankCardForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const field of BANK_FIELDS) if (v[field].trim().length > BANK_MAX[field]) issue(field, 'field_invalid');
    if (!v.holder_name.trim()) issue('holder_name', 'field_required');
    if (!v.bank_name.trim()) issue('bank_name', 'field_required');
    const card = normalizeCardNumber(v.card_number.trim());
    if (!card) issue('card_number', 'field_required');
    else if (!CARD_NUMBER_PATTERN.test(card)) issue('card_number', 'field_invalid');
    if (v.swift.trim() && !SWIFT_PATTERN.test(normalizeSwift(v.swift))) issue('swift', 'field_invalid');
    if (v.iban.trim() && !isValidIban(v.iban)) issue('iban', 'field_invalid');
  });

/** What is sent: trimmed, normalized like the server stores it, empty optional fields left out. */
export function toBankCardInput(v: BankCardForm) {
  const optional = (value: string, normalize: (s: string) => string = (s) => s) => {
    const text = value.trim();
    return text ? normalize(text) : undefined;
  };
  return {
    holder_name: v.holder_name.trim(),
    card_number: normalizeCardNumber(v.card_number.trim()),
    bank_name: v.bank_name.trim(),
    branch: optional(v.branch),
    bank_address: optional(v.bank_address),
    swift: optional(v.swift, normalizeSwift),
    iban: optional(v.iban, normalizeIban),
    payee_address: optional(v.payee_address),
    postal_code: optional(v.postal_code),
  };
}
