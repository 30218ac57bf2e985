import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors.js';

describe('database errors', () => {
  it('knows a connection that is gone from a fault in the request', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    // drizzle wraps the driver's error in `cause`.
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);

    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('names the constraint of a unique violation, through drizzle’s wrapping', () => {
    const error = new Error('Failed query', {
      cause: Object.assign(new Error('dup'), { code: '23505', constraint: 'users_email' }),
    });
    expect(isUniqueViolation(error)).toBe('users_email');
    expect(isUniqueViolation(new Error('other'))).toBeUndefined();
  });
});
