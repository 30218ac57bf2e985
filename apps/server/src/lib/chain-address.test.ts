import { describe, expect, it } from 'vitest';
import { demoDepositAddress } from '../seed/seed.js';
import { base58CheckDecode, base58CheckEncode, isValidAddress } from './chain-address.js';

describe('chain address formats', () => {
  it('accepts well-formed TRON addresses and refuses a changed character', () => {
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false); // checksum
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false); // length
    expect(isValidAddress('TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false); // a Bitcoin address
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false); // 0 is not base58
  });

  it('accepts 0x + 40 hex for ERC20', () => {
    expect(isValidAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isValidAddress('ERC20', '0xdac17f958d2ee523a2206206994597c13d831ec7')).toBe(true);
    expect(isValidAddress('ERC20', 'dac17f958d2ee523a2206206994597c13d831ec7')).toBe(false);
    expect(isValidAddress('ERC20', '0xdac17f958d2ee523a2206206994597c13d831ec')).toBe(false);
    expect(isValidAddress('ERC20', '0xgac17f958d2ee523a2206206994597c13d831ec7')).toBe(false);
  });

  it('accepts Bitcoin legacy, P2SH, segwit and taproot addresses for OMNI, checksums checked', () => {
    expect(isValidAddress('OMNI', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidAddress('OMNI', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidAddress('OMNI', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('OMNI', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidAddress('OMNI', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidAddress('OMNI', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true);
    expect(isValidAddress('OMNI', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(isValidAddress('OMNI', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false); // checksum
    expect(isValidAddress('OMNI', 'bc1qw508d6qejxtdg4y5r3zarvarY0c5xw7kv8f3t4')).toBe(false); // mixed case
    // A version 1 program with a bech32 (not bech32m) checksum is refused (BIP-350).
    expect(isValidAddress('OMNI', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx')).toBe(false);
    expect(isValidAddress('OMNI', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
    expect(isValidAddress('OMNI', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
  });

  it('knows no other chain', () => {
    expect(isValidAddress('BEP20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
  });

  it('round-trips base58check', () => {
    const payload = Uint8Array.from([0, 0, 1, 2, 3, 250]);
    expect(base58CheckDecode(base58CheckEncode(payload))).toEqual(payload);
  });

  it('derives demo deposit addresses that are valid on their chain', () => {
    for (const [coin, chain] of [
      ['USDT', 'TRC20'],
      ['USDT', 'OMNI'],
      ['USDT', 'ERC20'],
      ['BTC', 'OMNI'],
      ['ETH', 'ERC20'],
      ['TRX', 'TRC20'],
      ['TRX', 'ERC20'],
    ] as const) {
      expect(isValidAddress(chain, demoDepositAddress(coin, chain)), `${coin} ${chain}`).toBe(true);
    }
  });
});
