import { PLAIN_DECIMAL } from '@app/shared';

/** Form rules and formats of the configuration page's cards. */

export const FEE_RATE = /^0(\.\d{1,8})?$/;
/** A required amount in the coin's units. */
export const amountRule = { required: true, pattern: PLAIN_DECIMAL, message: 'A decimal amount' };
/** Maker and taker fees: a fraction of the trade's value. */
export const feeRateRule = { required: true, pattern: FEE_RATE, message: 'A fraction below 1, up to 8 places' };
export const percent = (rate: string) => `${(Number(rate) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;
