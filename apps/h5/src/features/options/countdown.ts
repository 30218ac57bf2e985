/** Pure helpers of the options page: countdowns, payouts and stake checks (tested beside). */
import { addDecimal, compareDecimal, isDecimal, multiplyDecimal, truncateDecimal } from '@app/shared';

/** Milliseconds left until `deliveryAt`, on the server's clock (`offset` = server now − local now). */
export function remainingMs(deliveryAt: number, localNow: number, offset: number): number {
  return Math.max(0, deliveryAt - (localNow + offset));
}

/** "0:59" / "4:05" / "1:00:00": whole seconds left, rounded up so 0:00 means delivered. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Share of the option's time that has passed (0..1), for the progress ring. */
export function elapsedShare(order: { created_at: number; delivery_at: number }, serverNow: number): number {
  const span = order.delivery_at - order.created_at;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (serverNow - order.created_at) / span));
}

/** What a win returns: stake × (1 + profit%), cut to the coin's places (as the server rounds it). */
export function winPayout(stake: string, profitRatio: string, decimals: number): string {
  return truncateDecimal(addDecimal(stake, multiplyDecimal(stake, multiplyDecimal(profitRatio, '0.01'))), decimals);
}

export type StakeError = 'choose_time' | 'stake_required' | 'stake_invalid' | 'below_min' | 'above_max' | 'insufficient';

/** The form's checks in the spec's order: the time first, then the amount, its limits, the balance. */
export function checkStake(
  stake: string,
  time: { min_num: string; max_num: string } | undefined,
  balance: string | undefined,
): StakeError | undefined {
  if (!time) return 'choose_time';
  const text = stake.trim();
  if (!text) return 'stake_required';
  if (!isDecimal(text) || compareDecimal(text, '0') <= 0) return 'stake_invalid';
  if (compareDecimal(text, time.min_num) < 0) return 'below_min';
  if (compareDecimal(text, time.max_num) > 0) return 'above_max';
  if (balance !== undefined && compareDecimal(text, balance) > 0) return 'insufficient';
  return undefined;
}
