import type { UserCenter } from '@app/shared';
import type { CodeTarget } from './account-api';

/** Where the fund-password code goes: the contact the account was registered with. */
export function codeTargetOf(user: UserCenter): CodeTarget | null {
  const registeredByEmail = user.email !== null && user.account_number === user.email;
  if ((registeredByEmail || !user.phone) && user.email) return { channel: 'email', email: user.email };
  if (user.phone) return { channel: 'mobile', phone: user.phone, areaCode: user.area_code ?? '' };
  return null;
}

/** "a***@example.com" / "138****5678": enough to recognise, not enough to leak on a shared screen. */
export function maskTarget(target: CodeTarget): string {
  if (target.channel === 'email') {
    const [name = '', domain = ''] = target.email.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  const p = target.phone;
  return p.length <= 4 ? p : `+${target.areaCode} ${p.slice(0, 3)}****${p.slice(-4)}`;
}
