import { describe, expect, it } from 'vitest';
import { type AddressForm, addressSchema } from './address-schema';

const filled: AddressForm = {
  currency: 3,
  chain: 'TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  label: 'My wallet',
  pay_password: '246810',
  code: '123456',
};

const errors = (input: Partial<AddressForm>) => {
  const result = addressSchema.safeParse({ ...filled, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('withdrawal address form', () => {
  it('accepts a complete entry', () => {
    expect(errors({})).toEqual({});
    expect(errors({ label: '' })).toEqual({});
  });

  it('requires the address, the fund password and the code', () => {
    expect(errors({ address: ' ', pay_password: '', code: '' })).toEqual({
      address: 'address_required',
      pay_password: 'pay_password_format',
      code: 'code_required',
    });
    expect(errors({ address: 'T R7', code: '12' })).toEqual({ address: 'address_invalid', code: 'code_invalid' });
    expect(errors({ label: 'x'.repeat(41) })).toEqual({ label: 'field_invalid' });
  });
});
