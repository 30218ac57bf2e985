import { describe, expect, it } from 'vitest';
import { countriesFrom, filterCountries, regionName } from './countries';

const codes = [
  { id: 1, area_code: '86', country: 'CN', name: 'China' },
  { id: 2, area_code: '44', country: 'GB', name: 'United Kingdom' },
  { id: 3, area_code: '1', country: 'US', name: 'United States' },
  { id: 4, area_code: '1', country: 'US', name: 'United States' },
];

describe('countries', () => {
  it('lists each country once, named in the language, sorted', () => {
    const en = countriesFrom(codes, 'en');
    expect(en.map((c) => c.code)).toEqual(['CN', 'GB', 'US']);
    expect(countriesFrom(codes, 'ja').find((c) => c.code === 'CN')?.name).toBe('中国');
  });

  it('finds a country by name fragment or code', () => {
    const en = countriesFrom(codes, 'en');
    expect(filterCountries(en, 'king').map((c) => c.code)).toEqual(['GB']);
    expect(filterCountries(en, 'us').map((c) => c.code)).toEqual(['US']);
    expect(filterCountries(en, '')).toHaveLength(3);
  });

  it('names a region in the language, or keeps the code', () => {
    expect(regionName('DE', 'en')).toBe('Germany');
    expect(regionName('DE', 'zh-CN')).toBe('德国');
    expect(regionName('not a region', 'en')).toBe('not a region');
  });
});
