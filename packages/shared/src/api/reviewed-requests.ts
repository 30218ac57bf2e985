import { z } from 'zod';
import { idParams, REVIEW_STATES, requiredText, reviewStateField } from '../fields.js';
import { pageFields, pageReply, rowId, userRef } from './reply.js';

/**
 * The contract around a money request operators review (a deposit, a withdrawal): the user's own log of
 * them (newest first), the console's review list (each row with who sent it and who reviewed it,
 * filtered by review state) and the rejection with a reason shown to the user. What the routes take,
 * and what a rejection answers, is the same for every kind; the lists' replies are made of its row.
 */
export const logQuery = z.object(pageFields);
export const consoleListQuery = z.object({ status: reviewStateField, ...pageFields });
export const rejectParams = idParams;
/** The reason shown to the user; identity checks are rejected with it too. */
export const rejectBody = z.object({ reason: requiredText(500) });
export const rejectReply = z.object({ id: rowId, status: z.enum(REVIEW_STATES) });

/** The lists' replies for a kind of request, given its row. */
export function reviewedRequests<Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) {
  const consoleRow = row.extend({ user: userRef, reviewed_by: rowId.nullable() });
  return { logReply: pageReply(row), consoleRow, consoleListReply: pageReply(consoleRow) };
}
