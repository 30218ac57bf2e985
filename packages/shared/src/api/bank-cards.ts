import { z } from 'zod';
import { CARD_NUMBER_PATTERN, isValidIban, normalizeCardNumber, normalizeIban, normalizeSwift, SWIFT_PATTERN } from '../bank.js';
import { optionalText, requiredText } from '../fields.js';
import { isoTime } from './reply.js';

// The bank-card routes: the one card a user binds for bank withdrawals (saving again replaces it).

/** Optional text normalized before it is checked; empty counts as absent. */
const optionalNormalized = (normalize: (v: string) => string, check: (v: string) => boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : normalize(v)) : v),
    z.string({ message: 'field_invalid' }).refine(check, 'field_invalid').optional(),
  );

/** `POST user/cash_save`: the card as typed; the server stores it normalized (no spaces, upper case). */
export const saveBody = z.object({
  holder_name: requiredText(100),
  card_number: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeCardNumber(v) : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').regex(CARD_NUMBER_PATTERN, 'field_invalid'),
  ),
  bank_name: requiredText(100),
  branch: optionalText(200),
  bank_address: optionalText(300),
  swift: optionalNormalized(normalizeSwift, (v) => SWIFT_PATTERN.test(v)),
  iban: optionalNormalized(normalizeIban, isValidIban),
  payee_address: optionalText(300),
  postal_code: optionalText(20),
});

/** The user's bound card; optional details the user left out are null. */
export const bankCard = z.object({
  holder_name: z.string(),
  card_number: z.string(),
  bank_name: z.string(),
  branch: z.string().nullable(),
  bank_address: z.string().nullable(),
  swift: z.string().nullable(),
  iban: z.string().nullable(),
  payee_address: z.string().nullable(),
  postal_code: z.string().nullable(),
  updated_at: isoTime,
});
export type BankCard = z.infer<typeof bankCard>;

/** `POST user/cash_info`: the card, or null when none is bound. */
export const infoReply = bankCard.nullable();
export type InfoReply = z.infer<typeof infoReply>;

/** `POST user/cash_save`: the card as now stored (read back after the save, so typed like cash_info). */
export const saveReply = bankCard.nullable();
export type SaveReply = z.infer<typeof saveReply>;
