/** The resend wait after a verification code is sent (seconds). */
export const CODE_COUNTDOWN_S = 60;

export function secondsLeft(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/**
 * Countdowns survive leaving and re-entering a page (a user checking their mail comes back to the same
 * form), so end times live here, keyed by what the code was sent for.
 */
const endTimes = new Map<string, number>();

export function startCountdown(key: string, now: number, seconds = CODE_COUNTDOWN_S): number {
  const endAt = now + seconds * 1000;
  endTimes.set(key, endAt);
  return endAt;
}

export function countdownEnd(key: string): number {
  return endTimes.get(key) ?? 0;
}
