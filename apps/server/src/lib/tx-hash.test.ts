import { describe, expect, it } from 'vitest';
import { isValidTxHash, normalizeTxHash } from './tx-hash.js';

const HEX = `${'a'.repeat(32)}0123456789ABCDEF0123456789abcdef`;

describe('withdrawal transaction hashes', () => {
  it('takes 64 hex digits without 0x on TRON and Bitcoin chains', () => {
    for (const chain of ['TRC20', 'TRX', 'OMNI', 'BTC', 'trc20']) {
      expect(isValidTxHash(chain, HEX), chain).toBe(true);
      expect(isValidTxHash(chain, `0x${HEX}`), chain).toBe(false);
      expect(isValidTxHash(chain, HEX.slice(1)), chain).toBe(false);
      expect(isValidTxHash(chain, `${HEX.slice(1)}g`), chain).toBe(false);
    }
  });

  it('takes 0x + 64 hex digits on ERC20', () => {
    expect(isValidTxHash('ERC20', `0x${HEX}`)).toBe(true);
    expect(isValidTxHash('ERC20', HEX)).toBe(false);
    expect(isValidTxHash('ERC20', '0xopsreview')).toBe(false);
    expect(isValidTxHash('ERC20', `0x${HEX}0`)).toBe(false);
  });

  it('refuses free text and unknown chains', () => {
    expect(isValidTxHash('TRC20', '0xopsreview')).toBe(false);
    expect(isValidTxHash('TRC20', `${HEX}\n`)).toBe(false);
    expect(isValidTxHash('DOGE', HEX)).toBe(false);
  });

  it('takes a bank transfer reference for payouts to a card', () => {
    expect(isValidTxHash('BANK', 'REF-2026-0001')).toBe(true);
    expect(isValidTxHash('BANK', 'a b')).toBe(false);
  });

  it('compares hex hashes case-blind', () => {
    expect(normalizeTxHash('TRC20', HEX)).toBe(HEX.toLowerCase());
    expect(normalizeTxHash('BANK', 'Ref-1')).toBe('Ref-1');
  });
});
