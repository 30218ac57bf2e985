/**
 * A tiny typed event emitter. The API client lives below the router and the stores' consumers, so it
 * announces "not logged in" and "verify first" here and the app layer decides what to do.
 */
export type AppEvents = {
  'not-logged-in': { code: 999 };
  /** `message`: the server's reason (which verification, for what), shown until the user chooses. */
  'verify-required': { code: 998; message?: string };
};

type Handler<T> = (payload: T) => void;

export class Emitter<E extends Record<string, unknown>> {
  private handlers = new Map<keyof E, Set<Handler<never>>>();

  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    // Copy first so a handler that unsubscribes does not disturb the loop.
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as Handler<E[K]>)(payload);
  }
}

export const appEvents = new Emitter<AppEvents>();
