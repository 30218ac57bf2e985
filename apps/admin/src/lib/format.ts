/** Display helpers shared by the console's pages. */

export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toLocaleString();
}

/** The user a review row is about, as the console's lists name them. */
export type UserRef = { id: number; email: string | null; phone: string | null; area_code: string | null };

/** The user as an operator recognises them: e-mail, else phone, with the id to tell namesakes apart. */
export function userLabel(row: { user: UserRef }): string {
  const u = row.user;
  const contact = u.email ?? (u.phone ? `${u.area_code ? `+${u.area_code} ` : ''}${u.phone}` : null);
  return contact ? `${contact} (#${u.id})` : `User #${u.id}`;
}

export const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  verified: 'green',
  rejected: 'red',
  none: 'default',
};
