import { describe, expect, it } from 'vitest';
import { contractsAccess } from './use-contracts-access';

describe('who reaches contracts', () => {
  it('everyone while contracts are on, without reading holdings', () => {
    expect(contractsAccess(true, false, { failed: false })).toBe('open');
    expect(contractsAccess(true, true, { data: false, failed: false })).toBe('open');
  });

  it('switched off: a holder keeps the page (closing-only); anyone else is told it is off', () => {
    expect(contractsAccess(false, true, { data: true, failed: false })).toBe('holder');
    expect(contractsAccess(false, true, { data: false, failed: false })).toBe('off');
    expect(contractsAccess(false, false, { failed: false })).toBe('off');
  });

  it('switched off: waits for the holdings, and a failed read keeps the page rather than hide positions', () => {
    expect(contractsAccess(false, true, { failed: false })).toBe('checking');
    expect(contractsAccess(false, true, { failed: true })).toBe('holder');
  });
});
