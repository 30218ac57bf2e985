import { describe, expect, it } from 'vitest';
import { type DepositForm, type DepositMode, depositSchema } from './deposit-schema';

const filled: DepositForm = { amount: '100', imgs: 'upload-id', bank_name: '', card_number: '', transfer_amount: '' };

const errors = (mode: DepositMode, input: Partial<DepositForm>) => {
  const result = depositSchema(mode, 6).safeParse({ ...filled, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('deposit form', () => {
  it('needs an amount within the coin decimals and a proof picture', () => {
    expect(errors('chain', {})).toEqual({});
    expect(errors('chain', { amount: '', imgs: '' })).toEqual({ amount: 'amount_required', imgs: 'upload_required' });
    expect(errors('chain', { amount: '1.1234567' })).toEqual({ amount: 'amount_too_precise' });
  });

  it('adds the bank fields for a bank-card deposit', () => {
    expect(errors('bank', {})).toEqual({
      bank_name: 'field_required',
      card_number: 'field_required',
      transfer_amount: 'amount_required',
    });
    expect(errors('bank', { bank_name: 'Bank of Test', card_number: '6222 0212 3456', transfer_amount: '700.505' })).toEqual({
      transfer_amount: 'amount_too_precise',
    });
    expect(errors('bank', { bank_name: 'Bank of Test', card_number: '1234', transfer_amount: '700.50' })).toEqual({
      card_number: 'field_invalid',
    });
    expect(errors('bank', { bank_name: 'Bank of Test', card_number: '6222-0212-3456-7890', transfer_amount: '700.50' })).toEqual(
      {},
    );
  });
});
