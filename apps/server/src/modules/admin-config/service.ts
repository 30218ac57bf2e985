import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { chains, currencies, currencySettings, depositAddresses, pairs, settings, spotOrders } from '../../db/schema.js';
import { parseAmount, parseAmountOrZero } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { D, str } from '../../lib/money.js';
import type { MarketMakerConfig } from '../spot/market-maker.js';

/** Settings rows (key → JSON) holding what operators changed at runtime; applied again at every start. */
export const MARKET_MAKER_KEY = 'config.market_maker';
export const WITHDRAW_LIMIT_KEY = 'config.withdraw_daily_limit';

const notFound = (field: string) => new AppError('not_found', { fields: { [field]: 'not_found' } });

async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

async function writeSetting(tx: Db, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** At start: the operators' stored values replace the environment's defaults (changes survive a restart). */
export async function applyStoredConfig(app: FastifyInstance): Promise<void> {
  const mm = await readSetting<Partial<MarketMakerConfig>>(app.db, MARKET_MAKER_KEY);
  if (mm) app.marketMaker.setConfig(mm);
  const limit = await readSetting<number>(app.db, WITHDRAW_LIMIT_KEY);
  if (typeof limit === 'number') app.config.withdrawDailyLimit = limit;
}

const pairView = (p: typeof pairs.$inferSelect, openOrders: number) => ({
  id: p.id,
  symbol: p.symbol,
  price_decimals: p.priceDecimals,
  tick_size: str(new D(p.tickSize)),
  lot_size: str(new D(p.lotSize)),
  min_amount: str(new D(p.minAmount)),
  maker_fee_rate: str(new D(p.makerFeeRate)),
  taker_fee_rate: str(new D(p.takerFeeRate)),
  // Product switches are set on the products page (modules/products); shown here for reference.
  open_coin_trade: p.openCoinTrade,
  open_lever: p.openLever,
  open_microtrade: p.openMicrotrade,
  open_orders: openOrders,
  price_band: str(new D(p.priceBand)),
  // The market maker's ladder on the pair (null: the global market-maker settings apply).
  mm_levels: p.mmLevels,
  mm_depth: p.mmDepth === null ? null : str(new D(p.mmDepth)),
  mm_spread_bps: p.mmSpreadBps,
});

/** Everything the configuration page shows, read fresh from the database and the running services. */
export async function readConfig(app: FastifyInstance) {
  const db = app.db;
  const coins = await db
    .select({ coin: currencies, s: currencySettings })
    .from(currencies)
    .leftJoin(currencySettings, eq(currencySettings.currencyId, currencies.id))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  const chainRows = await db.select().from(chains).orderBy(asc(chains.currencyId), asc(chains.id));
  const addressBy = new Map((await db.select().from(depositAddresses)).map((a) => [a.chainId, a.address]));
  const pairRows = await db.select().from(pairs).orderBy(asc(pairs.sort), asc(pairs.id));
  const open = await db
    .select({ pairId: spotOrders.pairId, n: count() })
    .from(spotOrders)
    .where(eq(spotOrders.status, 'waiting'))
    .groupBy(spotOrders.pairId);
  const openBy = new Map(open.map((o) => [o.pairId, o.n]));
  const market = app.market;
  return {
    coins: coins.map(({ coin, s }) => ({
      id: coin.id,
      name: coin.name,
      full_name: coin.fullName,
      decimals: coin.decimals,
      sort: coin.sort,
      enabled: coin.enabled,
      deposit_min: str(new D(s?.depositMin ?? 0)),
      withdraw_min: str(new D(s?.withdrawMin ?? 0)),
      withdraw_fee: str(new D(s?.withdrawFee ?? 0)),
      chains: chainRows.filter((c) => c.currencyId === coin.id).map((c) => c.name),
      // The chains with the platform's deposit address on each (empty: deposits on it show nothing).
      chain_addresses: chainRows
        .filter((c) => c.currencyId === coin.id)
        .map((c) => ({ id: c.id, name: c.name, address: addressBy.get(c.id) ?? null })),
    })),
    pairs: pairRows.map((p) => pairView(p, openBy.get(p.id) ?? 0)),
    withdraw_daily_limit: app.config.withdrawDailyLimit,
    market_maker: { enabled: app.config.marketMakerEnabled, quoting: app.marketMaker.quoting, ...app.marketMaker.config },
    feed: {
      kind: market.feedKind,
      connected: market.live,
      demo: market.demo,
      pairs: market.listPairs().map((p) => {
        const tick = market.indexSample(p.id);
        return {
          pair_id: p.id,
          symbol: p.symbol,
          price: tick?.price ?? null,
          last_tick_at: tick ? new Date(tick.time).toISOString() : null,
        };
      }),
    },
  };
}

/** A coin's display name and order (its money rules are the currency-settings page's). */
export async function updateCoin(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: { full_name?: string; sort?: number },
) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
    if (!before) throw notFound('id');
    const set = { fullName: body.full_name ?? before.fullName, sort: body.sort ?? before.sort };
    const [after] = await tx.update(currencies).set(set).where(eq(currencies.id, id)).returning();
    await audit(
      tx,
      request,
      'config.coin.set',
      `currency:${id}`,
      { full_name: before.fullName, sort: before.sort },
      { full_name: after!.fullName, sort: after!.sort },
    );
    return { id, full_name: after!.fullName, sort: after!.sort };
  });
}

export type PairRulesInput = {
  min_amount?: string | number;
  maker_fee_rate?: string;
  taker_fee_rate?: string;
  price_band?: string;
  mm_levels?: number;
  mm_depth?: string | number;
  mm_spread_bps?: number;
};

/**
 * A pair's fee rates, minimum, market-order price band and market-maker ladder; applied to the running
 * book and market maker at once (SpotService.reloadPairRules; the next requote uses the new ladder).
 */
export async function updatePairRules(app: FastifyInstance, request: FastifyRequest, id: number, body: PairRulesInput) {
  const result = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(pairs).where(eq(pairs.id, id)).for('update');
    if (!before) throw notFound('id');
    const set = {
      minAmount: body.min_amount === undefined ? before.minAmount : str(parseAmountOrZero(body.min_amount, 18, 'min_amount')),
      makerFeeRate: body.maker_fee_rate ?? before.makerFeeRate,
      takerFeeRate: body.taker_fee_rate ?? before.takerFeeRate,
      priceBand: body.price_band ?? before.priceBand,
      mmLevels: body.mm_levels ?? before.mmLevels,
      mmDepth: body.mm_depth === undefined ? before.mmDepth : str(parseAmount(body.mm_depth, 8, 'mm_depth')),
      mmSpreadBps: body.mm_spread_bps ?? before.mmSpreadBps,
    };
    // A minimum must be whole lots, as every order's quantity is.
    if (!new D(set.minAmount).mod(before.lotSize).isZero())
      throw new AppError('field_invalid', { fields: { min_amount: 'field_invalid' } });
    // A band of 0 would refuse every market order, one past 50 % protects nothing.
    const band = new D(set.priceBand);
    if (band.lte(0) || band.gt('0.5')) throw new AppError('field_invalid', { fields: { price_band: 'field_invalid' } });
    const [after] = await tx.update(pairs).set(set).where(eq(pairs.id, id)).returning();
    const rules = (p: typeof pairs.$inferSelect) => ({
      min_amount: str(new D(p.minAmount)),
      maker_fee_rate: str(new D(p.makerFeeRate)),
      taker_fee_rate: str(new D(p.takerFeeRate)),
      price_band: str(new D(p.priceBand)),
      mm_levels: p.mmLevels,
      mm_depth: p.mmDepth === null ? null : str(new D(p.mmDepth)),
      mm_spread_bps: p.mmSpreadBps,
    });
    await audit(tx, request, 'config.pair.set', `pair:${before.symbol}`, rules(before), rules(after!));
    return { id, symbol: before.symbol, ...rules(after!) };
  });
  await app.spot.reloadPairRules();
  return result;
}

export type MarketMakerInput = Partial<Omit<MarketMakerConfig, 'levelQuote'>> & { levelQuote?: string | number };

export async function updateMarketMaker(app: FastifyInstance, request: FastifyRequest, body: MarketMakerInput) {
  const before = { ...app.marketMaker.config };
  const levelQuote = body.levelQuote === undefined ? before.levelQuote : str(parseAmount(body.levelQuote, 8, 'levelQuote'));
  const after: MarketMakerConfig = { ...before, ...body, levelQuote };
  if (after.refreshMs < 250 || after.staleMs <= after.refreshMs)
    throw new AppError('field_invalid', { fields: { stale_ms: 'field_invalid' } });
  await app.db.transaction(async (tx) => {
    await writeSetting(tx, MARKET_MAKER_KEY, after);
    await audit(tx, request, 'config.market_maker.set', 'market_maker', before, after);
  });
  app.marketMaker.setConfig(after);
  return after;
}

export async function updateWithdrawLimit(app: FastifyInstance, request: FastifyRequest, limit: number) {
  const before = app.config.withdrawDailyLimit;
  await app.db.transaction(async (tx) => {
    await writeSetting(tx, WITHDRAW_LIMIT_KEY, limit);
    await audit(
      tx,
      request,
      'config.withdraw_limit.set',
      'withdraw_daily_limit',
      { withdraw_daily_limit: before },
      { withdraw_daily_limit: limit },
    );
  });
  app.config.withdrawDailyLimit = limit;
  return { withdraw_daily_limit: limit };
}

/**
 * A pair's tick and/or lot size, applied to the running book without a restart (spot/pair-sizes.ts):
 * refused while users' waiting orders do not fit the new units; audited with before/after in the
 * transaction that changes the pair.
 */
export async function updatePairSizes(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: { tick_size?: string; lot_size?: string },
) {
  await app.market.ensurePairs();
  if (!app.market.getPair(id)) throw notFound('id');
  if (body.tick_size === undefined && body.lot_size === undefined)
    throw new AppError('field_required', { fields: { tick_size: 'field_required' } });
  const symbol = app.market.getPair(id)!.symbol;
  const view = (s: { tickSize: string; lotSize: string }) => ({ tick_size: s.tickSize, lot_size: s.lotSize });
  const result = await app.spot.changePairSizes(id, { tickSize: body.tick_size, lotSize: body.lot_size }, (tx, before, after) =>
    audit(tx, request, 'config.pair.sizes', `pair:${symbol}`, view(before), view(after)),
  );
  return { id, symbol, ...view(result.after), cancelled_quotes: result.cancelled_quotes };
}
