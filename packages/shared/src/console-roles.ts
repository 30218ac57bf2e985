import { z } from 'zod';

/**
 * Operators' roles (least privilege). `super` may do everything; every other role sees only
 * its own pages and API routes. The server checks roles per route (`config: { roles }`, see
 * docs/api.md "Console roles"); the console hides the menu entries and routes a role may not use.
 */
export const CONSOLE_ROLES = ['super', 'finance', 'compliance', 'support', 'content'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export const consoleRoleSchema = z.enum(CONSOLE_ROLES, { message: 'field_invalid' });

/**
 * Roles that must sign in with a TOTP second factor: every role (each sees users' personal data or
 * moves money). Without one, an operator's session can do nothing but enrol.
 */
export const TOTP_REQUIRED_ROLES: readonly ConsoleRole[] = CONSOLE_ROLES;

/**
 * Roles that review identities (KYC) and alone, with super, may see identity photos: the document
 * images are the most sensitive data the platform holds.
 */
export const IDENTITY_REVIEW_ROLES: readonly ConsoleRole[] = ['compliance'];

/** Every role: for routes any signed-in operator may use (their own profile, sign-out, 2FA setup). */
export const ANY_CONSOLE_ROLE: readonly ConsoleRole[] = CONSOLE_ROLES;

/** Whether an operator with `role` may use something declared for `allowed` (super may use everything). */
export function roleAllows(role: string, allowed: readonly ConsoleRole[] | undefined): boolean {
  if (role === 'super') return true;
  return Boolean(allowed?.includes(role as ConsoleRole));
}

/**
 * Console pages by route prefix and the roles that see them (besides super). The console's menu and
 * routes follow this table; the server's per-route declarations say the same for the API.
 */
export const CONSOLE_PAGE_ROLES: Record<string, readonly ConsoleRole[]> = {
  '/': ANY_CONSOLE_ROLE,
  '/deposits': ['finance'],
  '/withdrawals': ['finance'],
  // four eyes on money moves: finance checks money moves, super everything
  '/approvals': ['finance'],
  '/identity': IDENTITY_REVIEW_ROLES,
  '/users': ['finance', 'compliance', 'support'],
  '/settings': [],
  '/audit': [],
  '/ledger': ['finance'],
  '/outbox': [],
  '/operators': [],
  '/proof': [],
  // runtime configuration: super only, like its API
  '/config': [],
  '/security': ANY_CONSOLE_ROLE,
  // community: announcements are content; rebate ratios decide money
  '/news': ['content'],
  '/referral': ['finance'],
  // help centre and support chat: the chat desk and feedback inbox are support's, the FAQ also content's
  '/chat': ['support'],
  '/feedback': ['support'],
  '/help': ['support', 'content'],
};

/** The roles of a console path: the longest matching prefix of CONSOLE_PAGE_ROLES; unknown → super only. */
export function pageRoles(pathname: string): readonly ConsoleRole[] {
  let best = '';
  for (const prefix of Object.keys(CONSOLE_PAGE_ROLES)) {
    const matches = prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (matches && prefix.length > best.length) best = prefix;
  }
  return best ? (CONSOLE_PAGE_ROLES[best] ?? []) : [];
}

/** Six digits, as authenticator apps show them. */
export const TOTP_PATTERN = /^\d{6}$/;
