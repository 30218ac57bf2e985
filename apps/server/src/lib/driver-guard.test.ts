import { describe, expect, it } from 'vitest';
import { isDriverTypeFetchFailure, isDriverWriteAfterClose } from './driver-guard.js';

const withStack = (error: Error, stack: string) => Object.assign(error, { stack });

describe('the database driver guard', () => {
  it('recognises the driver writing to a socket it has already dropped', () => {
    const error = withStack(
      new TypeError("Cannot read properties of null (reading 'write')"),
      "TypeError: Cannot read properties of null (reading 'write')\n" +
        '    at nextWrite (/srv/app/node_modules/postgres/src/connection.js:255:22)\n' +
        '    at process.processImmediate (node:internal/timers:491:21)',
    );
    expect(isDriverWriteAfterClose(error)).toBe(true);
  });

  it('lets every other error through: the same message elsewhere, another error in the driver', () => {
    const ours = withStack(
      new TypeError("Cannot read properties of null (reading 'write')"),
      'TypeError: ...\n    at send (/srv/app/apps/server/dist/plugins/socket.js:10:5)',
    );
    expect(isDriverWriteAfterClose(ours)).toBe(false);
    const other = withStack(
      new TypeError("Cannot read properties of undefined (reading 'length')"),
      'TypeError: ...\n    at parse (/srv/app/node_modules/postgres/src/connection.js:400:1)',
    );
    expect(isDriverWriteAfterClose(other)).toBe(false);
    expect(isDriverWriteAfterClose(new Error("Cannot read properties of null (reading 'write')"))).toBe(false);
    expect(isDriverWriteAfterClose('boom')).toBe(false);
  });

  it("recognises the failure of the driver's own type query on a new connection, and nothing else", () => {
    const typeQuery = `
      select b.oid, b.typarray
      from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'
      group by b.oid, b.typarray
      order by b.oid
    `;
    const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
      code: 'CONNECTION_CLOSED',
      query: typeQuery,
    });
    expect(isDriverTypeFetchFailure(lost)).toBe(true);
    // As a test runner passes it on: a plain copy of the error's fields.
    expect(isDriverTypeFetchFailure({ name: 'Error', message: lost.message, query: typeQuery })).toBe(true);
    const ours = Object.assign(new Error('write CONNECTION_CLOSED'), { query: 'SELECT id FROM ledger_accounts' });
    expect(isDriverTypeFetchFailure(ours)).toBe(false);
    expect(isDriverTypeFetchFailure(new Error('select b.oid, b.typarray from pg_catalog.pg_type a'))).toBe(false);
    expect(isDriverTypeFetchFailure(undefined)).toBe(false);
    expect(isDriverTypeFetchFailure('boom')).toBe(false);
  });
});
