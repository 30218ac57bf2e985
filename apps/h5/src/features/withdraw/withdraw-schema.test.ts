import { describe, expect, it } from 'vitest';
import type { WithdrawInfo } from '../../lib/withdraw-info-api';
import { maxWithdrawable, totalDeducted, type WithdrawForm, withdrawSchema } from './withdraw-schema';

const info: WithdrawInfo = {
  currency_id: 3,
  currency_name: 'USDT',
  decimals: 6,
  chains: ['TRC20', 'OMNI', 'ERC20'],
  available: '100',
  fee: '1',
  min: '10',
  deposit_min: '10',
  withdrawals_left_today: 3,
  daily_limit: 3,
  arrival_hours: 12,
};

const filled: WithdrawForm = { address_id: 7, number: '20', remark: '', pay_password: '246810' };
const errors = (input: Partial<WithdrawForm>, rules = info) => {
  const result = withdrawSchema(rules).safeParse({ ...filled, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('withdrawal form', () => {
  it('leaves room for the fee', () => {
    expect(maxWithdrawable(info)).toBe('99');
    expect(maxWithdrawable({ ...info, available: '0.5' })).toBe('0');
    expect(maxWithdrawable({ available: '1.123456789', fee: '0.0002', decimals: 8 })).toBe('1.12325678');
    expect(totalDeducted('20', '1')).toBe('21');
    expect(totalDeducted('', '1')).toBeNull();
  });

  it('accepts an amount between the minimum and the balance less the fee', () => {
    expect(errors({})).toEqual({});
    expect(errors({ number: '10' })).toEqual({});
    expect(errors({ number: '99' })).toEqual({});
  });

  it('refuses what the server would refuse', () => {
    expect(errors({ address_id: 0 })).toEqual({ address_id: 'address_required' });
    expect(errors({ number: '' })).toEqual({ number: 'amount_required' });
    expect(errors({ number: '9.99' })).toEqual({ number: 'amount_below_min' });
    expect(errors({ number: '99.000001' })).toEqual({ number: 'insufficient_balance' });
    expect(errors({ pay_password: '12345' })).toEqual({ pay_password: 'pay_password_format' });
    expect(errors({ remark: 'x'.repeat(201) })).toEqual({ remark: 'field_invalid' });
  });
});
