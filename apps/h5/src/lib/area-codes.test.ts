import { describe, expect, it } from 'vitest';
import { defaultAreaCode, filterAreaCodes } from './area-codes';

const codes = [
  { id: 1, area_code: '86', country: 'CN', name: 'China' },
  { id: 2, area_code: '852', country: 'HK', name: 'Hong Kong' },
  { id: 3, area_code: '1', country: 'US', name: 'United States' },
];

describe('area codes', () => {
  it('matches a dialling prefix, a name fragment or an ISO code', () => {
    expect(filterAreaCodes(codes, '+8').map((c) => c.id)).toEqual([1, 2]);
    expect(filterAreaCodes(codes, 'kong').map((c) => c.id)).toEqual([2]);
    expect(filterAreaCodes(codes, 'us').map((c) => c.id)).toEqual([3]);
    expect(filterAreaCodes(codes, '  ')).toHaveLength(3);
  });

  it("starts a phone form with the server's first entry", () => {
    expect(defaultAreaCode(codes)?.area_code).toBe('86');
    expect(defaultAreaCode(undefined)).toBeUndefined();
  });
});
