import { describe, expect, it } from 'vitest';
import { clearCachedData } from './storage';

function memoryStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('clear cache', () => {
  it('keeps the login, language, theme, version and balance display, removes everything else', () => {
    const store = memoryStorage({
      auth: '{}',
      lang: 'jp',
      theme: 'light',
      version: '3.5.8',
      assets_hide_small: '1',
      quotes: '[]',
      'kline:BTC': 'x',
    });
    expect(clearCachedData(store).sort()).toEqual(['kline:BTC', 'quotes']);
    expect([...store.data.keys()].sort()).toEqual(['assets_hide_small', 'auth', 'lang', 'theme', 'version']);
  });

  it('does nothing without storage', () => {
    expect(clearCachedData(null)).toEqual([]);
  });
});
