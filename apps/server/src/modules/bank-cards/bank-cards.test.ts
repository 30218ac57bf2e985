import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { registerEmailUser } from '../../../test/test-app.js';

const t = appForFile();

const card = {
  holder_name: 'Erika Mustermann',
  card_number: '6222 0212 3456 7890',
  bank_name: 'Commerzbank',
  branch: 'Berlin Mitte',
  bank_address: 'Unter den Linden 1',
  swift: 'cobadeff',
  iban: 'DE89 3704 0044 0532 0130 00',
  payee_address: 'Hauptstr. 1, Berlin',
  postal_code: '10115',
};

describe('user/cash_info and user/cash_save', () => {
  it('saves one card per user, normalized, and replaces it on a second save', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.post('user/cash_info', {}, { token })).message).toBeNull();
    const saved = await t.post('user/cash_save', card, { token });
    expect(saved.message).toMatchObject({
      holder_name: 'Erika Mustermann',
      card_number: '6222021234567890',
      swift: 'COBADEFF',
      iban: 'DE89370400440532013000',
      postal_code: '10115',
    });
    expect((await t.post('user/cash_info', {}, { token })).message).toEqual(saved.message);

    const replaced = await t.post(
      'user/cash_save',
      { holder_name: 'E. M.', card_number: '12345678', bank_name: 'Other Bank' },
      { token },
    );
    expect(replaced.message).toMatchObject({
      holder_name: 'E. M.',
      bank_name: 'Other Bank',
      swift: null,
      iban: null,
      branch: null,
    });
  });

  it('refuses missing and malformed fields, naming each, and changes nothing', async () => {
    const { token } = await registerEmailUser(t);
    const empty = await t.post('user/cash_save', {}, { token, lang: 'th' });
    expect(empty).toMatchObject({ status: 400, error: 'field_required' });
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(['bank_name', 'card_number', 'holder_name']);
    expect(empty.fields?.bank_name).toBe('กรุณากรอกช่องนี้');

    for (const [field, value] of [
      ['card_number', '1234'],
      ['card_number', '1234abcd5678'],
      ['card_number', '1'.repeat(31)],
      ['swift', 'COBADE'],
      ['swift', 'COBADEFF1'],
      ['iban', 'DE89 3704 0044 0532 0130 01'],
      ['iban', 'not an iban'],
    ] as const) {
      const reply = await t.post('user/cash_save', { ...card, [field]: value }, { token });
      expect(reply.error, `${field}=${value}`).toBe('field_invalid');
      expect(Object.keys(reply.fields ?? {}), `${field}=${value}`).toEqual([field]);
    }
    expect((await t.post('user/cash_info', {}, { token })).message).toBeNull();
  });

  it('shows each user only their own card', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    await t.post('user/cash_save', card, { token: a.token });
    expect((await t.post('user/cash_info', {}, { token: b.token })).message).toBeNull();
    expect((await t.post('user/cash_info', {})).type).toBe('999');
  });
});
