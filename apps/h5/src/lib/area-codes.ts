import type { AreaCode } from '@app/shared';

/** Matches "+44", "44", a country name fragment or an ISO country code. */
export function filterAreaCodes(options: readonly AreaCode[], query: string): AreaCode[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...options];
  return options.filter((o) => o.area_code.startsWith(q) || o.name.toLowerCase().includes(q) || o.country.toLowerCase() === q);
}

/** The area code a phone form starts with: the first one the server lists (its preferred order). */
export function defaultAreaCode(options: readonly AreaCode[] | undefined): AreaCode | undefined {
  return options?.[0];
}
