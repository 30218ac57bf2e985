import { describe, expect, it } from 'vitest';
import type { CoinBalance } from '../../lib/wallet-api';
import { visibleBalances } from './hide-small';

const row = (name: string, usdt_value: string): CoinBalance => ({
  currency_id: name.length,
  currency_name: name,
  icon: '',
  decimals: 8,
  available: '0',
  frozen: '0',
  total: '0',
  usdt_value,
  enabled: true,
});

describe('hide small balances', () => {
  const rows = [row('USDT', '100.00'), row('BTC', '0.99'), row('ETH', '1.00'), row('TRX', '0.00')];

  it('keeps everything worth 1 USDT or more when on', () => {
    expect(visibleBalances(rows, true).map((r) => r.currency_name)).toEqual(['USDT', 'ETH']);
  });

  it('shows every coin when off', () => {
    expect(visibleBalances(rows, false)).toHaveLength(4);
  });
});
