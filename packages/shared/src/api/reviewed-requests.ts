import { z } from 'zod';
import { idParams, REVIEW_STATES, requiredText, reviewStateField } from '../fields.js';
import { pageFields, pageReply, rowId, userRef } from './reply.js';

/**
 * The contract around a money request operators review (a deposit, a withdrawal), given its row: the
 * user's own log of them (newest first), the console's review list (each row with who sent it and who
 * reviewed it, filtered by review state) and the rejection with a reason shown to the user.
 */
export function reviewedRequests<Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) {
  const consoleRow = row.extend({ user: userRef, reviewed_by: rowId.nullable() });
  return {
    logQuery: z.object(pageFields),
    logReply: pageReply(row),
    consoleListQuery: z.object({ status: reviewStateField, ...pageFields }),
    consoleRow,
    consoleListReply: pageReply(consoleRow),
    rejectParams: idParams,
    rejectBody: z.object({ reason: requiredText(500) }),
    rejectReply: z.object({ id: rowId, status: z.enum(REVIEW_STATES) }),
  };
}
