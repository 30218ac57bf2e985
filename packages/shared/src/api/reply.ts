import { z } from 'zod';
import { intField } from '../fields.js';

/**
 * The pieces every route's contract is made of: the success envelope around a reply, a page of rows,
 * the paging fields a list takes, and the scalar shapes replies carry (money is always decimal text).
 */

/** `{type: 'ok', message}`: the body of every successful reply (errors have their own status codes). */
export const okReply = <T extends z.ZodType>(message: T) => z.object({ type: z.literal('ok'), message });

/** Where a page stands: how many rows the whole list has, which page this is and its size. */
export const pagePlace = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** One page of a list: its rows and where it stands. */
export const pageReply = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), ...pagePlace });

export type Paged<T> = { list: T[]; total: number; page: number; limit: number };

/** `page` from 1 and `limit` up to 100, as every paged list takes them. */
export const pageFields = {
  page: intField(1, 100_000, 'validation_failed').default(1),
  limit: intField(1, 100, 'validation_failed').default(20),
};

/** An exact decimal as text ("12.5", "-0.001"): amounts, prices and rates are never JSON numbers. */
export const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A moment as ISO 8601 text in UTC, as `Date.toISOString()` writes it. */
export const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);

/** A row id in a reply. */
export const rowId = z.number().int().positive();

/** How to reach a user: e-mail, phone number and its country calling code (null where not given). */
export const contactColumns = {
  email: z.string().nullable(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
};

/** The user a console row is about: their id and contact. */
export const userRef = z.object({ id: rowId, ...contactColumns });

/** The coin a row is in: its id and name. */
export const coinColumns = { currency_id: rowId, currency_name: z.string() };

/** The pair a row is about: its id and symbol. */
export const pairColumns = { pair_id: rowId, symbol: z.string() };
