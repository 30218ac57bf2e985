/**
 * Local storage of the device (spec section 3): the session under one key, the version string, the
 * language mark and the theme. Every access is guarded because storage throws in some private modes.
 */
export const STORAGE_KEYS = {
  auth: 'auth',
  version: 'version',
  lang: 'lang',
  theme: 'theme',
  /** Assets: hide balances worth less than 1 USDT (a device preference, like the theme). */
  hideSmall: 'assets_hide_small',
  /** The pricing (valuation) unit of the asset totals (a device preference, like the theme). */
  valuation: 'valuation_unit',
  /** The pair the trade and chart pages last showed. */
  tradeSymbol: 'trade_symbol',
  /** The last product switches the server sent, so a switched-off product's entries do not flash in on start. */
  products: 'product_switches',
} as const;

/** Keys that "clear cache" keeps: the login, the language and the device's theme and version marks. */
export const PRESERVED_KEYS: readonly string[] = [
  STORAGE_KEYS.auth,
  STORAGE_KEYS.lang,
  STORAGE_KEYS.theme,
  STORAGE_KEYS.version,
  STORAGE_KEYS.hideSmall,
  STORAGE_KEYS.valuation,
];

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function store(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the app keeps working with in-memory state
  }
}

export function removeKey(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // see writeString
  }
}

export function readJson(key: string): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Removes every key except the preserved ones; returns the removed keys. */
export function clearCachedData(target: StorageLike | null = store(), keep: readonly string[] = PRESERVED_KEYS): string[] {
  if (!target) return [];
  const doomed: string[] = [];
  for (let i = 0; i < target.length; i++) {
    const key = target.key(i);
    if (key !== null && !keep.includes(key)) doomed.push(key);
  }
  for (const key of doomed) target.removeItem(key);
  return doomed;
}
