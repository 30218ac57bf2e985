import { describe, expect, it } from 'vitest';
import { demoDepositAddress } from '../seed/seed.js';
import { base58CheckDecode, base58CheckEncode, isValidAddress } from './chain-address.js';

describe('chain address formats', () => {
  // Each chain's well-formed addresses, and near misses with why each is refused.
  const chains: { chain: string; rule: string; valid: string[]; invalid: [string, string][] }[] = [
    {
      chain: 'TRC20',
      rule: 'TRON base58check addresses, a changed character refused',
      valid: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
      invalid: [
        ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum'],
        ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'length'],
        ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address'],
        ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t', '0 is not base58'],
      ],
    },
    {
      chain: 'ERC20',
      rule: '0x + 40 hex',
      valid: ['0xdAC17F958D2ee523a2206206994597C13D831ec7', '0xdac17f958d2ee523a2206206994597c13d831ec7'],
      invalid: [
        ['dac17f958d2ee523a2206206994597c13d831ec7', 'no 0x'],
        ['0xdac17f958d2ee523a2206206994597c13d831ec', 'length'],
        ['0xgac17f958d2ee523a2206206994597c13d831ec7', 'not hex'],
      ],
    },
    {
      chain: 'OMNI',
      rule: 'Bitcoin legacy, P2SH, segwit and taproot addresses, checksums checked',
      valid: [
        '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
        '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
        'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
        'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      ],
      invalid: [
        ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
        ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum'],
        ['bc1qw508d6qejxtdg4y5r3zarvarY0c5xw7kv8f3t4', 'mixed case'],
        // A version 1 program with a bech32 (not bech32m) checksum is refused (BIP-350).
        ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'bech32 for version 1'],
        ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
        ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'an Ethereum address'],
      ],
    },
    {
      chain: 'BEP20',
      rule: 'no other chain is known',
      valid: [],
      invalid: [['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'unknown chain']],
    },
  ];
  for (const { chain, rule, valid, invalid } of chains) {
    it(`${chain}: ${rule}`, () => {
      for (const address of valid) expect(isValidAddress(chain, address), address).toBe(true);
      for (const [address, why] of invalid) expect(isValidAddress(chain, address), `${address}: ${why}`).toBe(false);
    });
  }

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
