import { describe, expect, it } from 'vitest';
import { type BankCardForm, bankCardSchema, toBankCardInput } from './bank-card-schema';

const empty: BankCardForm = {
  holder_name: '',
  card_number: '',
  bank_name: '',
  branch: '',
  bank_address: '',
  swift: '',
  iban: '',
  payee_address: '',
  postal_code: '',
};
const filled: BankCardForm = {
  ...empty,
  holder_name: 'Ada Lovelace',
  card_number: '6222 0212 3456 7890',
  bank_name: 'Test Bank',
};

const errors = (input: Partial<BankCardForm>) => {
  const result = bankCardSchema.safeParse({ ...filled, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('bank card form', () => {
  it('requires the holder, the card number and the bank', () => {
    expect(errors({})).toEqual({});
    expect(errors(empty)).toEqual({ holder_name: 'field_required', card_number: 'field_required', bank_name: 'field_required' });
    expect(errors({ card_number: '1234-567' })).toEqual({ card_number: 'field_invalid' });
  });

  it('checks SWIFT and IBAN when given', () => {
    expect(errors({ swift: 'deutdeff', iban: 'GB82 WEST 1234 5698 7654 32' })).toEqual({});
    expect(errors({ swift: 'DEUT1EFF' })).toEqual({ swift: 'field_invalid' });
    expect(errors({ iban: 'GB82 WEST 1234 5698 7654 33' })).toEqual({ iban: 'field_invalid' });
  });

  it('sends normalized values and leaves out empty optional ones', () => {
    expect(toBankCardInput({ ...filled, swift: ' deutdeff ', iban: 'gb82 west 1234 5698 7654 32' })).toEqual({
      holder_name: 'Ada Lovelace',
      card_number: '6222021234567890',
      bank_name: 'Test Bank',
      branch: undefined,
      bank_address: undefined,
      swift: 'DEUTDEFF',
      iban: 'GB82WEST12345698765432',
      payee_address: undefined,
      postal_code: undefined,
    });
  });
});
