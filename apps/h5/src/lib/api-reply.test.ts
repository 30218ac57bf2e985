import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE, readReply, toFormBody } from './api-reply';

describe('readReply', () => {
  it('reads type ok and code 1 as success', () => {
    expect(readReply({ type: 'ok', message: { a: 1 } })).toEqual({ kind: 'ok', data: { a: 1 } });
    expect(readReply({ code: 1, data: [1, 2] })).toEqual({ kind: 'ok', data: [1, 2] });
  });

  it('reads 999 as logged out and 998 as verify first', () => {
    expect(readReply({ type: '999', message: 'log in' })).toEqual({ kind: 'logged_out', message: 'log in' });
    expect(readReply({ type: 999, message: '' })).toEqual({ kind: 'logged_out', message: FALLBACK_MESSAGE });
    expect(readReply({ type: '998', message: 'verify' })).toEqual({ kind: 'verify_first', message: 'verify' });
  });

  it('keeps the message, code and field errors of a failure', () => {
    expect(readReply({ type: 'error', message: 'Bad', error: 'validation_failed', fields: { code: 'Wrong', x: 3 } })).toEqual({
      kind: 'error',
      message: 'Bad',
      code: 'validation_failed',
      fields: { code: 'Wrong' },
    });
  });

  it('falls back to "ERROR" for anything unreadable', () => {
    for (const reply of [null, 'oops', 42, {}, { type: 'error' }, { type: 'error', message: '  ' }]) {
      const outcome = readReply(reply);
      expect(outcome.kind).toBe('error');
      expect(outcome.kind === 'error' && outcome.message).toBe(FALLBACK_MESSAGE);
    }
  });
});

describe('toFormBody', () => {
  it('encodes values, drops empty ones and sends booleans as 1/0', () => {
    const body = toFormBody({ a: 'x y', b: 2, c: true, d: false, e: undefined, f: null });
    expect(body.toString()).toBe('a=x+y&b=2&c=1&d=0');
  });
});
