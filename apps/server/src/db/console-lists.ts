import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import { users } from './schema.js';

/** The owner's contact the console shows beside each of a user's records: e-mail, phone and its area code. */
export const ownerContact = { email: users.email, phone: users.phone, areaCode: users.areaCode };

/** Which of the users' records a list shows: one owner's, and/or those in one status. */
export type OwnerStatusFilter = { userId?: number; status?: string };

/**
 * The console's usual filters of a list of users' records: by the owner and by the status, each only
 * when given (an empty status is no filter). Undefined when neither is.
 */
export function ownerAndStatus(table: { userId: AnyColumn; status: AnyColumn }, filter: OwnerStatusFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(table.userId, filter.userId),
    filter.status ? eq(table.status, filter.status) : undefined,
  );
}
