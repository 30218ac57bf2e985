/**
 * Replies the boot script (vite.config.boot.ts) asked for before the app's code had loaded: the first
 * screen's data of a few pages, fetched alongside the entry chunk instead of after it has run. The API
 * client takes each at most once, for the first GET of its path, and only while it is fresh.
 */
export type EarlyReplies = { at: number; replies: Record<string, Promise<Response>> };

declare global {
  // Set by the boot script as a global (window's property in the browser).
  var __h5EarlyReplies: EarlyReplies | undefined;
}

/** An early reply older than this is not used: the page asked for its data again much later. */
export const EARLY_REPLY_MAX_AGE_MS = 10_000;

/** The boot script's reply for `path` (a GET without a query), if it started one; taken once. */
export function takeEarlyReply(path: string, now = Date.now()): Promise<Response> | undefined {
  const early = globalThis.__h5EarlyReplies;
  const reply = early?.replies[path];
  if (!early || !reply) return undefined;
  delete early.replies[path];
  return now - early.at <= EARLY_REPLY_MAX_AGE_MS ? reply : undefined;
}
