import { amountText, intId, isCleanText } from '@app/shared';
import { z } from 'zod';

/**
 * Zod fields the money forms share. Messages are error codes (packages/shared/src/errors.ts), so a
 * refusal names the field in the request's language.
 */

// PostgreSQL text and jsonb cannot hold NUL, and a lone surrogate is no character at all: such text is
// refused as invalid rather than failing the insert with a 500 (src/hardening/bad-input.test.ts).
const noNul = isCleanText;

/** Text the user must fill in: trimmed, 1..max characters. */
export const requiredText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').max(max, 'field_invalid').refine(noNul, 'field_invalid'),
  );

/** Optional text: trimmed, empty counts as absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ message: 'field_invalid' }).max(max, 'field_invalid').refine(noNul, 'field_invalid').optional(),
  );

/** A row id in a path or body; anything that is not one is simply not found. */
export const idField = intId('not_found');

export const idParams = z.object({ id: idField });

/** A coin id (`currency`, `currency_id`). */
export const currencyField = intId('currency_unknown');

/** Amounts stay text until the coin's precision is known (lib/amounts.ts parses them). */
export const amountField = amountText().optional();

/** Review states of deposits and withdrawals. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const reviewStateField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(REVIEW_STATES, { message: 'field_invalid' }).optional(),
);
