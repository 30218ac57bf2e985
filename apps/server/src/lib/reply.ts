/**
 * A success reply in the product's envelope. Routes build their replies with it and the envelope
 * plugin sends errors in the same shape; it lives in `lib` so routes do not depend on a plugin.
 */
export const ok = <T>(message: T) => ({ type: 'ok' as const, message });
