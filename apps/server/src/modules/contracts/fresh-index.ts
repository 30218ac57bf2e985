/**
 * How old an index sample a contract result may use. A market entry, a close, a limit fill, a stop or a
 * liquidation at an older price would let whoever knows the price has moved since (or whoever stalls the
 * feed) pick the result, so a user's action is refused (`index_unavailable`) and an automatic one waits
 * for the next fresh sample — nothing is ever executed on a stale price.
 */
export const INDEX_MAX_AGE_MS = 2000;

/** Whether a sample taken at `time` (ms) is recent enough at `now` (ms) to settle on. */
export function isFreshIndex(time: number, now: number): boolean {
  return now - time <= INDEX_MAX_AGE_MS;
}
