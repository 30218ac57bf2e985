import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test/memory-storage';
import { clearCachedData } from './storage';

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
