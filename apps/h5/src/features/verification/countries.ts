import type { AreaCode } from '@app/shared';

export type Country = { code: string; name: string };

/**
 * The countries of the area-code list (ISO 3166 alpha-2 + English name), named in the app's language
 * when the browser knows the region (Intl.DisplayNames), sorted by that name.
 */
export function countriesFrom(areaCodes: readonly AreaCode[], locale: string): Country[] {
  let display: Intl.DisplayNames | null = null;
  try {
    display = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    display = null;
  }
  const seen = new Set<string>();
  const out: Country[] = [];
  for (const a of areaCodes) {
    const code = a.country.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code) || seen.has(code)) continue;
    seen.add(code);
    let name = a.name;
    try {
      name = display?.of(code) ?? a.name;
    } catch {
      // An unknown region code: keep the server's English name.
    }
    out.push({ code, name });
  }
  return out.sort((x, y) => x.name.localeCompare(y.name, locale));
}

/** Matches a fragment of the shown name or the ISO code. */
export function filterCountries(countries: readonly Country[], query: string): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...countries];
  return countries.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q);
}

/** A region's name in the app's language ("DE" → "Germany" / "ドイツ"), or the code itself. */
export function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
