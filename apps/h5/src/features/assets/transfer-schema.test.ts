import { describe, expect, it } from 'vitest';
import type { WalletList } from '../../lib/wallet-api';
import { transferSchema } from './transfer-schema';

const wallet: WalletList = {
  total_usdt: '100.00',
  demo_prices: true,
  accounts: (['coin', 'option', 'contract', 'trust'] as const).map((account) => ({
    account,
    total_usdt: account === 'coin' ? '100.00' : '0.00',
    balances: [
      {
        currency_id: 3,
        currency_name: 'USDT',
        icon: '',
        decimals: 6,
        available: account === 'coin' ? '100' : '0',
        frozen: '0',
        total: account === 'coin' ? '100' : '0',
        usdt_value: account === 'coin' ? '100.00' : '0.00',
        enabled: true,
      },
    ],
  })),
};

const errors = (input: object) => {
  const result = transferSchema(wallet).safeParse({ from: 'coin', to: 'contract', currency_id: 3, number: '10', ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('transfer form', () => {
  it('accepts an amount up to the available balance', () => {
    expect(errors({ number: '100' })).toEqual({});
    expect(errors({ number: '0.000001' })).toEqual({});
  });

  it('asks for the amount and refuses what the account cannot cover', () => {
    expect(errors({ number: '' })).toEqual({ number: 'amount_required' });
    expect(errors({ number: '0' })).toEqual({ number: 'amount_invalid' });
    expect(errors({ number: '1.0000001' })).toEqual({ number: 'amount_too_precise' });
    expect(errors({ number: '100.000001' })).toEqual({ number: 'insufficient_balance' });
    expect(errors({ from: 'contract', to: 'coin', number: '1' })).toEqual({ number: 'insufficient_balance' });
  });

  it('needs two different accounts', () => {
    expect(errors({ to: 'coin' })).toEqual({ to: 'same_account' });
  });
});
