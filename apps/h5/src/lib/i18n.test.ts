import { describe, expect, it } from 'vitest';
import { HTML_LANG, initialLang, loadDictionary } from './i18n';

describe('initial language', () => {
  it('keeps a stored mark', () => {
    expect(initialLang('th', 'zh-CN')).toBe('th');
  });

  it('defaults to English, or Simplified Chinese on a zh-CN device', () => {
    expect(initialLang(null, 'en-US')).toBe('en');
    expect(initialLang(null, 'zh-CN')).toBe('zh');
    expect(initialLang('klingon', 'de-DE')).toBe('en');
    expect(initialLang(null, undefined)).toBe('en');
  });

  it('maps every mark to a BCP 47 tag for <html lang>', () => {
    expect(HTML_LANG).toEqual({ en: 'en', jp: 'ja', kr: 'ko', esp: 'es', zh: 'zh-CN', hk: 'zh-TW', th: 'th' });
  });

  it('loads one dictionary on demand', async () => {
    const dict = (await loadDictionary('jp')) as { tabs: { home: string } };
    expect(dict.tabs.home).toBe('ホーム');
  });
});
