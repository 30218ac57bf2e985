import { readString, removeKey, writeString } from './storage';

/**
 * "Don't ask again" for a confirmation, kept on this device per user (local storage keyed by the
 * user's id): another account signing in on the same phone is still asked.
 */
export type ConfirmKind = 'contract_open';

const keyOf = (kind: ConfirmKind, userId: number) => `confirm_skip.${kind}.${userId}`;

export function isConfirmSkipped(kind: ConfirmKind, userId: number | undefined): boolean {
  return userId !== undefined && readString(keyOf(kind, userId)) === '1';
}

export function setConfirmSkipped(kind: ConfirmKind, userId: number | undefined, skip: boolean): void {
  if (userId === undefined) return;
  if (skip) writeString(keyOf(kind, userId), '1');
  else removeKey(keyOf(kind, userId));
}
