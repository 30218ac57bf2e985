import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memory-storage';
import { isConfirmSkipped, setConfirmSkipped } from './confirm-preference';

describe('"don\'t ask again", per user on this device', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
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
