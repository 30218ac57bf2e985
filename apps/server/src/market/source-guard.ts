import { createHash } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contractPositions, optionOrders, settings } from '../db/schema.js';
import { voidOrders } from '../modules/options/void.js';
import type { FeedKind } from './feed.js';

/**
 * The start-up price-source guard. Open options and held contract positions follow the index of the
 * source they were opened on; a restart on another source (another MARKET_FEED, or another MARKET_SEED of
 * the simulated feed) would settle, mark and liquidate them on prices from somewhere else — a lever on
 * outcomes. So the source in use is stored in `settings` and a start with a different one is refused
 * while anything is open on the old one, naming what is open. Only an explicit setting
 * (VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1) lets the start go ahead, by voiding the open options (stakes
 * returned in full, reason `source_changed`); held contract positions refuse the start even then — they
 * cannot be voided, they are closed by their holders on the source they were opened on.
 */

/** The settings key holding the price source of the last start. */
export const PRICE_SOURCE_KEY = 'price_source';

/** What identifies a price source: the feed kind, and for the simulated feed a digest of its seed (never the seed). */
export type PriceSource = { feed: FeedKind; seed: string | null };

export function priceSourceOf(config: { marketFeed: FeedKind; marketSeed: string }): PriceSource {
  const seed =
    config.marketFeed === 'simulated'
      ? createHash('sha256').update(`market-seed:${config.marketSeed}`).digest('hex').slice(0, 16)
      : null;
  return { feed: config.marketFeed, seed };
}

const describe = (s: PriceSource) => (s.seed ? `${s.feed} (seed digest ${s.seed})` : s.feed);
const same = (a: PriceSource, b: PriceSource) => a.feed === b.feed && (a.seed ?? null) === (b.seed ?? null);

/** The start is refused: the message names the change and what is open, per product. */
export class PriceSourceRefused extends Error {
  constructor(
    message: string,
    readonly open: { options: number; contracts: number },
  ) {
    super(message);
    this.name = 'PriceSourceRefused';
  }
}

export type GuardResult = {
  /** The source stored before this start (undefined on a first start). */
  previous: PriceSource | undefined;
  changed: boolean;
  /** Open options voided because the source changed (with the setting). */
  voided: number;
};

/**
 * Compares the configured price source with the stored one; refuses (throws PriceSourceRefused) or voids
 * as described above, and stores the source when the start may go ahead. Run before the market and the
 * option settler start, so nothing settles meanwhile.
 */
export async function guardPriceSource(
  db: Db,
  options: { current: PriceSource; voidOpenOptions: boolean; now?: () => number },
): Promise<GuardResult> {
  const { current } = options;
  const now = options.now ?? Date.now;
  return db.transaction(async (tx) => {
    // The row lock keeps two nodes starting at once from both deciding.
    const [stored] = await tx.select().from(settings).where(eq(settings.key, PRICE_SOURCE_KEY)).for('update').limit(1);
    const previous = stored?.value as PriceSource | undefined;
    const write = () =>
      tx
        .insert(settings)
        .values({ key: PRICE_SOURCE_KEY, value: current })
        .onConflictDoUpdate({ target: settings.key, set: { value: current, updatedAt: new Date() } });
    if (!previous) {
      await write();
      return { previous, changed: false, voided: 0 };
    }
    if (same(previous, current)) return { previous, changed: false, voided: 0 };

    const [options_] = await tx.select({ n: count() }).from(optionOrders).where(eq(optionOrders.status, 'open'));
    const [contracts] = await tx
      .select({ n: count() })
      .from(contractPositions)
      .where(inArray(contractPositions.status, ['entrusted', 'holding']));
    const open = { options: options_?.n ?? 0, contracts: contracts?.n ?? 0 };
    const change = `The price source changed from ${describe(previous)} to ${describe(current)}`;
    if (open.contracts > 0 || (open.options > 0 && !options.voidOpenOptions)) {
      const held = [
        open.options > 0 && `options: ${open.options} open`,
        open.contracts > 0 && `contracts: ${open.contracts} positions or entry orders held`,
      ].filter(Boolean);
      const way =
        open.contracts > 0
          ? 'Start again on the previous source until the contract positions are closed' +
            (open.options > 0 ? ' (VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1 voids the open options, not positions)' : '')
          : 'Start again on the previous source, or set VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1 to void the open options and return their stakes';
      throw new PriceSourceRefused(
        `${change} while ${held.join('; ')}. They would settle on prices from another source, so the start is refused. ${way}.`,
        open,
      );
    }
    let voided = 0;
    if (open.options > 0) {
      const orders = await tx.select().from(optionOrders).where(eq(optionOrders.status, 'open'));
      const done = await voidOrders(
        tx,
        orders.map((order) => ({ order, reason: 'source_changed' as const })),
        now(),
      );
      voided = done.length;
    }
    await write();
    return { previous, changed: true, voided };
  });
}
