import { describe, expect, it } from 'vitest';
import { isDriverWriteAfterClose } from './driver-guard.js';

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
});
