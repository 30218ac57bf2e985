/**
 * antd Form rule validators, so every money field of the console says the same thing about the same
 * mistake. Money is never a float: the checks are the exact decimal strings of `@app/shared`, at the
 * database's scale, numeric(36,18). The server re-checks everything.
 */

import { compareDecimal, isDatabaseDecimal } from '@app/shared';

export const decimalRules = {
  positive: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label}.`);
      if (!isDatabaseDecimal(value)) throw new Error(`The ${label} must be a plain decimal number, like 12.5.`);
      if (compareDecimal(value, '0') <= 0) throw new Error(`The ${label} must be greater than zero.`);
    },
  }),
  nonNegative: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label} (0 if none).`);
      if (!isDatabaseDecimal(value)) throw new Error(`The ${label} must be a plain decimal number, like 0 or 1.25.`);
    },
  }),
  nonZeroSigned: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label}.`);
      if (!isDatabaseDecimal(value, { signed: true })) {
        throw new Error(`The ${label} must be a decimal number, with "-" in front to debit, like 100 or -2.5.`);
      }
      if (compareDecimal(value, '0') === 0) throw new Error(`The ${label} cannot be zero.`);
    },
  }),
};
