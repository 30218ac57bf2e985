import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { parseAmount } from '../../lib/amounts.js';
import { audit } from '../../lib/audit.js';
import { D, type Dec, dec, str } from '../../lib/money.js';
import { getSetting, putSetting } from '../../lib/settings.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';
import type { ApprovalRef } from '../approvals/apply-types.js';
import { type ApprovalTicket, requestApproval } from '../approvals/request.js';

/** settings key of the four-eyes threshold for withdrawal payouts. */
export const FOUR_EYES_KEY = 'withdrawal_four_eyes';

/**
 * Payouts worth more than this many USDT (amount × the coin's USDT price) wait for a second operator.
 * 1,000 USDT by default: a payout larger than a typical retail withdrawal never rests on one person.
 */
export const DEFAULT_FOUR_EYES_USDT = '1000';

export async function fourEyesThreshold(db: Db): Promise<Dec> {
  const stored = await getSetting<{ usdt: string }>(db, FOUR_EYES_KEY);
  return new D(stored?.usdt ?? DEFAULT_FOUR_EYES_USDT);
}

/**
 * Whether paying out `amount` of a coin needs a second operator: its USDT value (the market's index
 * price, else the operator-set fallback price, as the wallet values it) is above the threshold, or the
 * coin has no price to value it with (an unknown value is never waved through).
 */
export async function needsSecondOperator(db: Db, currencyId: number, amount: Dec, live?: LivePrices): Promise<boolean> {
  const { prices } = await usdtPrices(db, live);
  const price = prices.get(currencyId);
  if (!price || price.isZero()) return true;
  return amount.times(price).gt(await fourEyesThreshold(db));
}

export async function fourEyesSetting(db: Db) {
  return { usdt: str(await fourEyesThreshold(db)), default_usdt: DEFAULT_FOUR_EYES_USDT };
}

/** A change of the threshold is itself a four-eyes change: one operator alone could otherwise raise it away. */
export async function requestFourEyesChange(db: Db, request: FastifyRequest, usdt: unknown): Promise<ApprovalTicket> {
  const value = parseAmount(usdt, 2, 'usdt');
  return requestApproval(db, request, {
    kind: 'withdrawal_four_eyes.set',
    target: `settings:${FOUR_EYES_KEY}`,
    subject: `settings:${FOUR_EYES_KEY}`,
    payload: { usdt: str(value) },
  });
}

export async function applyFourEyesChange(tx: Db, request: FastifyRequest, payload: { usdt: string }, approval: ApprovalRef) {
  const before = await fourEyesSetting(tx);
  await putSetting(tx, FOUR_EYES_KEY, { usdt: str(dec(payload.usdt)) });
  await audit(tx, request, 'withdrawal_four_eyes.set', `settings:${FOUR_EYES_KEY}`, before, {
    usdt: payload.usdt,
    approval_id: approval.id,
    maker_id: approval.makerId,
  });
  return fourEyesSetting(tx);
}
