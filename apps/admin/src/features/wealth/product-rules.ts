import { compareDecimal, isDatabaseDecimal } from '@app/shared';
import { decimalRules } from '../../lib/decimal-rules';

/**
 * Validators of the financial product form. Rates are typed in percent per day; the server re-checks
 * every one of them (modules/wealth/service.ts, productValues).
 */

/** A daily rate in percent: above zero and at most 100 % a day. */
export const percentRule = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    await decimalRules.positive(label).validator(_, value);
    if (compareDecimal(value!, '100') > 0) throw new Error(`The ${label} is a percentage per day: at most 100.`);
  },
});

/**
 * The early-redemption damages rate. Empty takes the daily yield (the spec's example). Every product
 * can be redeemed early, so 0 is refused: with no damages a user could collect the yield and leave at
 * any moment for free.
 */
export const penaltyRateRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (!value?.trim()) return;
    if (!isDatabaseDecimal(value)) throw new Error('The damages rate must be a plain decimal number, like 0.4.');
    if (compareDecimal(value, '0') <= 0) {
      throw new Error('Early redemption is allowed, so the damages rate must be above 0 (empty: the daily yield).');
    }
    if (compareDecimal(value, '100') > 0) throw new Error('The damages rate is a percentage per day: at most 100.');
  },
};
