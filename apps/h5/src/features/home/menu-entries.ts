import { PATHS } from '../../lib/paths';

/** The left menu's entries in the spec's order (section 1). */
export type MenuEntry = { id: string; label: string; path: string };

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'deposit', label: 'menu.deposit', path: PATHS.deposit },
  { id: 'withdraw', label: 'menu.withdraw', path: PATHS.withdraw },
  { id: 'referral', label: 'menu.referral', path: PATHS.promotion },
  { id: 'authentication', label: 'menu.authentication', path: PATHS.verification },
  { id: 'security', label: 'menu.security', path: PATHS.security },
  { id: 'address', label: 'menu.address', path: PATHS.addressList },
  { id: 'contact', label: 'menu.contact', path: PATHS.helpChat },
  { id: 'help', label: 'menu.help', path: PATHS.helpCenter },
  { id: 'valuation', label: 'menu.valuation', path: PATHS.valuation },
  { id: 'settings', label: 'menu.settings', path: PATHS.settings },
  { id: 'records', label: 'menu.records', path: PATHS.assetsRecord },
];
