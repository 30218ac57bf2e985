import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConfirmSkipped, setConfirmSkipped } from './confirm-preference';

describe('"don\'t ask again", per user on this device', () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks by default, and keeps the choice for that user only', () => {
    expect(isConfirmSkipped('contract_open', 7)).toBe(false);
    setConfirmSkipped('contract_open', 7, true);
    expect(isConfirmSkipped('contract_open', 7)).toBe(true);
    expect(isConfirmSkipped('contract_open', 8)).toBe(false);
    setConfirmSkipped('contract_open', 7, false);
    expect(isConfirmSkipped('contract_open', 7)).toBe(false);
  });

  it('always asks when nobody is signed in', () => {
    setConfirmSkipped('contract_open', undefined, true);
    expect(isConfirmSkipped('contract_open', undefined)).toBe(false);
  });
});
