import { describe, expect, it } from 'vitest';
import { amountText, dateField, flagField, intId, isCleanText, isExactNumber, textField } from './fields.js';

const codeOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error?.issues[0]?.message;

describe('shared field types', () => {
  it('reads an id as a positive int32 and nothing else', () => {
    const id = intId('currency_unknown');
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(' 7 ')).toBe(7);
    expect(id.parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    for (const bad of [
      true,
      false,
      [],
      [1],
      {},
      { id: 1 },
      null,
      0,
      -1,
      1.5,
      '1.5',
      '1e3',
      'abc',
      '',
      2 ** 31,
      '2147483648',
      2 ** 53 + 1,
      '9007199254740993',
      Number.NaN,
    ])
      expect(codeOf(id.safeParse(bad)), JSON.stringify(bad)).toBe('currency_unknown');
  });

  it('refuses NUL and lone surrogates in text and bounds its length in code points', () => {
    expect(isCleanText('a😀b')).toBe(true);
    for (const dirty of ['a\u0000b', 'a\ud800b', 'a\udc00', '\ud83d'])
      expect(isCleanText(dirty), JSON.stringify(dirty)).toBe(false);
    const text = textField(3);
    expect(text.parse(' 😀😀😀 ')).toBe('😀😀😀');
    for (const bad of ['abcd', 'a\u0000', '\ud800', 1, true, [], {}]) expect(codeOf(text.safeParse(bad))).toBe('field_invalid');
  });

  it('reads a date as ISO text or epoch milliseconds within 2000..2200, and refuses the rest', () => {
    const date = dateField();
    expect(date.parse('2026-11-27').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(date.parse('2026-11-27T10:00:00Z').toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(date.parse(Date.UTC(2026, 0, 1)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(date.parse(String(Date.UTC(2026, 0, 1))).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    for (const bad of [
      1e30,
      -1,
      0,
      '1e30',
      'tomorrow',
      '2026-13-45',
      true,
      [],
      {},
      '99999999999999999',
      Number.POSITIVE_INFINITY,
    ])
      expect(codeOf(date.safeParse(bad)), String(bad)).toBe('field_invalid');
  });

  it('takes a JSON amount only when the number says exactly what was sent', () => {
    expect(isExactNumber(12.5)).toBe(true);
    expect(isExactNumber(0.1)).toBe(true);
    expect(isExactNumber(123456789012345)).toBe(true);
    // JSON.parse('9007199254740993') is 9007199254740992: refused rather than stored one lower.
    expect(isExactNumber(JSON.parse('9007199254740993'))).toBe(false);
    expect(isExactNumber(2 ** 53)).toBe(false);
    expect(isExactNumber(0.1234567890123456)).toBe(false);
    expect(isExactNumber(1e-7)).toBe(false);
    const amount = amountText();
    expect(amount.parse('9007199254740993')).toBe('9007199254740993');
    expect(amount.parse(12.5)).toBe('12.5');
    for (const bad of [JSON.parse('9007199254740993'), true, [], {}, 'a\u0000'])
      expect(codeOf(amount.safeParse(bad))).toBe('amount_invalid');
  });

  it('reads on/off flags strictly', () => {
    const flag = flagField();
    for (const on of [true, 'true', '1', 1, 'TRUE']) expect(flag.parse(on)).toBe(true);
    for (const off of [false, 'false', '0', 0]) expect(flag.parse(off)).toBe(false);
    for (const bad of [[], {}, 2, -1, 'yes', '', null, ['1']])
      expect(codeOf(flag.safeParse(bad)), JSON.stringify(bad)).toBe('field_invalid');
  });
});
