import { AppError } from './app-error.js';

/** The record an operator is about to review, or the refusal: there is none, or it was reviewed already. */
export function awaitingReview<R extends { status: string }>(record: R | undefined): R {
  if (!record) throw new AppError('not_found');
  if (record.status !== 'pending') throw new AppError('already_reviewed');
  return record;
}

/**
 * The record a guarded review changed (db/rows.ts reviewPending), or why it changed nothing: `find`
 * tells a record someone else reviewed first from one that does not exist.
 */
export async function reviewedOrRefused<R>(changed: R | undefined, find: () => Promise<unknown>): Promise<R> {
  if (!changed) throw new AppError((await find()) ? 'already_reviewed' : 'not_found');
  return changed;
}
