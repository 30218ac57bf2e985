import { UnitError } from '@app/engine';
import { SPOT_EVENTS, type SpotOrderEvent } from '@app/shared';
import type { Database, Db } from '../../db/client.js';
import { postEntry } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { D, parseAmountText, str } from '../../lib/money.js';
import type { ServiceLog } from '../../lib/service-log.js';
import { USDT_ID } from '../../lib/valuation.js';
import type { BookDepth, BookProvider, BookTrade, MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import type { Realtime } from '../../plugins/socket.js';
import { type BatchObservation, type Committed, PairBook, type PlaceInput } from './book.js';
import { ListingError, type ListPairInput, listingRules } from './listing.js';
import {
  averagePrice,
  buyerPaid,
  buyLimitLock,
  marketBuyBudget,
  type OrderStatus,
  type OrderType,
  protectionTicks,
  type Side,
  type SpotMarket,
  type SpotOrder,
  spotMarket,
} from './orders.js';
import { type PairSizes, type ResizeResult, resizePair } from './pair-sizes.js';
import { coinDecimals, findCurrency, findOrder, insertListedPair, listOrders, operatorUserId, reserveOrderIds } from './repo.js';
import { writeLocks } from './write-lock.js';

export type SpotOptions = {
  database: Database;
  market: MarketService;
  /** Pushes to a user's private socket room. */
  toUser: Realtime['toUser'];
  log: ServiceLog;
  /** Depth is pushed to a pair's room at most this often (ms). */
  depthIntervalMs?: number;
};

/**
 * cluster: where orders go when this node does not run a pair's engine. Set by the cluster
 * module (`SpotService.route`); without it every book is local, as in a single process.
 */
export type SpotRouter = {
  /** Whether this node runs the pair's engine now. */
  owns: (pairId: number) => boolean;
  place: (userId: number, pairId: number, form: OrderForm, options: { postOnly?: boolean }) => Promise<SpotOrderEvent>;
  cancel: (userId: number, pairId: number, orderId: number) => Promise<SpotOrderEvent>;
  depth: (pairId: number, levels: number) => Promise<BookDepth>;
  trades: (pairId: number, limit: number) => Promise<BookTrade[]>;
};

/** An order as the user placed it, before any check (the route's fields). */
export type OrderForm = {
  side: Side;
  orderType: OrderType;
  price?: unknown;
  amount?: unknown;
  total?: unknown;
};

/** What a user may type as a number: digits and at most one point; no sign, exponent or space. */
const NUMBER_TEXT = /^\d{1,24}(\.\d{1,30})?$/;

const text = (raw: unknown) => (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '');

const refuse = (code: ConstructorParameters<typeof AppError>[0], field: string, values?: Record<string, string | number>) =>
  new AppError(code, { fields: { [field]: code }, ...(values ? { values } : {}) });

/** A limit price on the pair's tick: `price_required`, `price_invalid`, `price_off_tick`. */
function parsePrice(m: SpotMarket, raw: unknown): { ticks: number; text: string } {
  const value = text(raw);
  if (value === '') throw refuse('price_required', 'target_price');
  if (!NUMBER_TEXT.test(value) || new D(value).lte(0)) throw refuse('price_invalid', 'target_price');
  try {
    const ticks = m.units.toTicks(value);
    return { ticks, text: m.units.fromTicks(ticks) };
  } catch (error) {
    if (error instanceof UnitError && error.code === 'off_grid') {
      throw refuse('price_off_tick', 'target_price', { tick: m.pair.tickSize });
    }
    throw refuse('price_invalid', 'target_price');
  }
}

/** A base quantity on the pair's lot, at least its minimum. */
function parseQuantity(m: SpotMarket, raw: unknown): { lots: number; text: string } {
  const value = text(raw);
  if (value === '') throw refuse('amount_required', 'amount');
  if (!NUMBER_TEXT.test(value) || new D(value).lte(0)) throw refuse('amount_invalid', 'amount');
  let lots: number;
  try {
    lots = m.units.toLots(value);
  } catch (error) {
    if (error instanceof UnitError && error.code === 'off_grid')
      throw refuse('amount_off_lot', 'amount', { lot: m.pair.lotSize });
    throw refuse('amount_invalid', 'amount');
  }
  if (new D(value).lt(m.pair.minAmount)) throw refuse('amount_below_min', 'amount', { min: m.pair.minAmount });
  return { lots, text: m.units.fromLots(lots) };
}

/**
 * Checks an order form against the pair's rules and works out what it freezes. Refusals name the field:
 * `target_price`, `amount`, or `total` (the quote amount a market buy spends).
 */
export function checkOrder(m: SpotMarket, userId: number, form: OrderForm): PlaceInput {
  if (!m.pair.openCoinTrade) throw new AppError('trade_closed');
  if (form.orderType === 'limit') {
    const price = parsePrice(m, form.price);
    const quantity = parseQuantity(m, form.amount);
    return {
      userId,
      side: form.side,
      type: 'limit',
      priceTicks: price.ticks,
      lots: quantity.lots,
      quoteBudget: null,
      price: price.text,
      amount: quantity.text,
      total: null,
      locked: form.side === 'buy' ? buyLimitLock(m, price.ticks, quantity.lots) : new D(quantity.text),
    };
  }
  if (form.side === 'sell') {
    const quantity = parseQuantity(m, form.amount);
    return {
      userId,
      side: 'sell',
      type: 'market',
      priceTicks: null,
      lots: quantity.lots,
      quoteBudget: null,
      price: null,
      amount: quantity.text,
      total: null,
      locked: new D(quantity.text),
    };
  }
  const parsed = parseAmountText(text(form.total), m.quoteDecimals);
  if (!parsed.ok) throw refuse(parsed.code, 'total', { decimals: m.quoteDecimals });
  let budget: number;
  try {
    budget = marketBuyBudget(m, parsed.value);
  } catch {
    throw refuse('amount_invalid', 'total');
  }
  if (budget <= 0) throw refuse('amount_invalid', 'total');
  return {
    userId,
    side: 'buy',
    type: 'market',
    priceTicks: null,
    lots: null,
    quoteBudget: budget,
    price: null,
    amount: null,
    total: str(parsed.value),
    locked: parsed.value,
  };
}

const fixed = (value: string | null, places: number) => (value === null ? null : new D(value).toFixed(places));

/** An order that left the book with a remainder. */
const ended = (o: SpotOrder) => o.status === 'cancelled' || o.status === 'partially_filled';

/** An order as the API shows it (the original client's names where it had them). */
export function orderView(m: SpotMarket, o: SpotOrder): SpotOrderEvent {
  const { pair } = m;
  return {
    id: o.id,
    symbol: pair.symbol,
    pair_id: pair.id,
    legal_id: pair.legalId,
    currency_id: pair.currencyId,
    side: o.side,
    type: o.side === 'buy' ? 1 : 2,
    order_type: o.type,
    price: fixed(o.price, pair.priceDecimals),
    amount: o.amount === null ? null : str(o.amount),
    total: o.total === null ? null : str(o.total),
    filled: str(o.filled),
    filled_total: str(o.filledQuote),
    avg_price: averagePrice(m, o),
    fee: str(o.fee),
    fee_currency: pair.legalName,
    status: o.status,
    cancel_reason: o.cancelReason,
    cancelled_amount: ended(o) && o.amount !== null ? str(new D(o.amount).minus(o.filled)) : null,
    cancelled_total: ended(o) && o.type === 'market' && o.total !== null ? str(new D(o.total).minus(buyerPaid(m, o))) : null,
    price_band: o.type === 'market' ? str(new D(pair.priceBand)) : null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

/**
 * Order ids, reserved from the table's sequence a block at a time (one query per block, not per order);
 * ids of a block left unused at a restart are skipped.
 */
function orderIds(block = 1000) {
  const pool: number[] = [];
  return async (tx: Db, n: number): Promise<number[]> => {
    if (pool.length < n) pool.push(...(await reserveOrderIds(tx, Math.max(block, n - pool.length))));
    return pool.splice(0, n);
  };
}

/**
 * Spot trading: one `PairBook` (engine + group-committed writer) per pair, the checks of an order
 * form, cancels, the user's order list, and the exchange's own depth and trades for the market module
 * (registered as its book provider) and the sockets.
 */
export class SpotService implements BookProvider {
  private readonly books = new Map<number, PairBook>();
  private readonly writes = writeLocks();
  private readonly takeIds = orderIds();
  private readonly accountIds = new Map<string, number>();
  private readonly depthTimers = new Map<number, { timer?: NodeJS.Timeout; last: number }>();
  private decimals = new Map<number, number>();
  private closed = false;

  private building: Promise<void> | undefined;
  // cluster: set when engines are placed across nodes
  private router: SpotRouter | undefined;
  /** The metrics' listener for batch transactions (set once, by the metrics plugin). */
  private batchObserver: ((batch: BatchObservation) => void) | undefined;

  constructor(private readonly options: SpotOptions) {
    options.market.setBookProvider(this);
  }

  /**
   * Builds every pair's book from the database, once (the server starts it after its first reply;
   * anything that needs a book awaits it).
   */
  ready(): Promise<void> {
    this.building ??= this.build().catch((error) => {
      this.building = undefined;
      throw error;
    });
    return this.building;
  }

  private async build(): Promise<void> {
    await this.options.market.ensurePairs();
    this.decimals = await coinDecimals(this.options.database.db);
    // cluster: a node opens only the books whose engine lock it holds (openEngine).
    if (this.router) return;
    for (const pair of this.options.market.listPairs()) await this.bookOf(pair);
  }

  private async bookOf(pair: Pair): Promise<PairBook> {
    const existing = this.books.get(pair.id);
    if (existing) return existing;
    const base = this.decimals.get(pair.currencyId);
    const quote = this.decimals.get(pair.legalId);
    if (base === undefined || quote === undefined) throw new Error(`pair ${pair.symbol} names an unknown coin`);
    const book = new PairBook({
      database: this.options.database,
      market: spotMarket(pair, base, quote),
      writeLock: this.writes.batch,
      takeIds: this.takeIds,
      accountIds: this.accountIds,
      onCommit: (committed) => this.pushCommitted(committed),
      onBatch: (batch) => this.batchObserver?.(batch),
      log: this.options.log,
    });
    await book.rebuild();
    this.books.set(pair.id, book);
    return book;
  }

  /** The book of a pair (built on first use for a pair added after the start). */
  async book(pairId: number): Promise<PairBook> {
    await this.ready();
    const pair = this.options.market.getPair(pairId);
    if (!pair) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
    return this.bookOf(pair);
  }

  /** Metrics: `listener` hears of every batch transaction of every book, committed or not. */
  observeBatches(listener: (batch: BatchObservation) => void): void {
    this.batchObserver = listener;
  }

  /** Metrics: the books this node runs, with the commands waiting in each. */
  queueDepths(): { pair: string; depth: number }[] {
    return [...this.books.values()].map((book) => ({ pair: book.market.pair.symbol, depth: book.queueDepth }));
  }

  /** The book if it is built (sync: the depth provider and the market maker). */
  loadedBook(pairId: number): PairBook | undefined {
    return this.books.get(pairId);
  }

  /**
   * Lists a new coin against USDT at runtime (the new-coin subscription calls it once the coin is in
   * `currencies`): inserts the pair with its tick, lot and minimum (worked out from the start price unless
   * given), gives the coin a fallback price, funds the market-making account with some of the coin from
   * the house account (ledger entry `market_maker_funding`), starts the pair's simulated index at the start
   * price, and opens its book; the market maker quotes it from the index's first tick. No restart: after
   * one, the pair, its book and its index come back from the database like any pair's. Listing a coin
   * that already has its USDT pair returns that pair and changes nothing.
   */
  async listPair(input: ListPairInput): Promise<Pair> {
    await this.ready();
    const { database, market } = this.options;
    const existing = market.pairOf(input.currencyId, USDT_ID);
    if (existing) {
      await this.bookOf(existing);
      return existing;
    }
    const coin = await findCurrency(database.db, input.currencyId);
    if (!coin) throw new ListingError(`currency ${input.currencyId} does not exist`);
    if (coin.id === USDT_ID) throw new ListingError('USDT is the quote coin: it has no USDT pair');
    const usdt = await findCurrency(database.db, USDT_ID);
    const rules = listingRules(input, coin.decimals);
    const startPrice = str(new D(input.startPrice));
    const pairId = await this.writes.exclusive(() =>
      database.db.transaction(async (tx) => {
        const id = await insertListedPair(
          tx,
          {
            currencyId: coin.id,
            legalId: USDT_ID,
            symbol: `${coin.name}/${usdt?.name ?? 'USDT'}`,
            priceDecimals: rules.priceDecimals,
            tickSize: rules.tickSize,
            lotSize: rules.lotSize,
            minAmount: rules.minAmount,
            makerFeeRate: rules.makerFeeRate,
            takerFeeRate: rules.takerFeeRate,
          },
          startPrice,
        );
        const maker = id === undefined ? undefined : await operatorUserId(tx);
        if (id !== undefined && maker !== undefined && new D(rules.marketMakerFunding).gt(0)) {
          const amount = rules.marketMakerFunding;
          await postEntry(tx, { reason: 'market_maker_funding', refType: 'user', refId: maker, memo: `listing of pair ${id}` }, [
            { account: { userId: maker, kind: 'coin', currencyId: coin.id }, bucket: 'available', amount },
            { account: { system: 'house', currencyId: coin.id }, bucket: 'available', amount: `-${amount}` },
          ]);
        }
        return id;
      }),
    );
    this.decimals.set(coin.id, coin.decimals);
    if (usdt) this.decimals.set(usdt.id, usdt.decimals);
    // A concurrent listing of the same coin inserted it first: read it like any pair.
    const pair = await market.addPair(pairId ?? (await this.reloadedPairId(coin.id)), startPrice);
    if (!this.router) await this.bookOf(pair);
    this.options.log.info({ pair: pair.symbol, startPrice, rules }, 'spot pair listed');
    return pair;
  }

  private async reloadedPairId(currencyId: number): Promise<number> {
    await this.options.market.loadPairs();
    const pair = this.options.market.pairOf(currencyId, USDT_ID);
    if (!pair) throw new Error(`pair of currency ${currencyId} vanished`);
    return pair.id;
  }

  async place(
    userId: number,
    pairId: number,
    form: OrderForm,
    options: { postOnly?: boolean; notAfter?: number } = {},
  ): Promise<SpotOrderEvent> {
    // cluster: another node runs this pair's engine; the form is checked there. A node never
    // builds a book it was not given (openEngine): one built while the engine was being released here
    // would claim the market from its real owner.
    const owned = this.router ? await this.ownedBook(pairId) : undefined;
    if (this.router && !owned) {
      await this.ready();
      if (!this.options.market.getPair(pairId)) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
      return this.router.place(userId, pairId, form, this.notMine(pairId, options));
    }
    const book = owned ?? (await this.book(pairId));
    // admin-config: a tick/lot change of this pair is under way; the form is checked in its new units.
    while (this.resizing.has(pairId)) await this.resizing.get(pairId);
    const input = checkOrder(book.market, userId, form);
    if (options.postOnly) input.postOnly = true;
    if (input.type === 'market') {
      // Protected market order: it trades only within the pair's band around the index price (the
      // book's best opposite price while there is no index yet); the rest is cancelled ('price_band').
      const depth = book.depth(1);
      const reference = this.options.market.indexPrice(pairId) ?? (input.side === 'buy' ? depth.asks[0] : depth.bids[0])?.[0];
      if (reference) input.protectTicks = protectionTicks(book.market, input.side, reference);
    }
    return orderView(book.market, await book.place(input, options.notAfter));
  }

  /** Cancels a waiting order of this user: another user's or an unknown id is `not_found`. */
  async cancel(userId: number, orderId: number, options: { notAfter?: number } = {}): Promise<SpotOrderEvent> {
    await this.ready();
    for (const book of this.books.values()) {
      // cluster: only a book whose engine this node runs now may act.
      if (book.isClosed || (this.router && !this.router.owns(book.pairId))) continue;
      const live = book.liveOrder(orderId);
      if (!live) continue;
      if (live.userId !== userId) break;
      return orderView(book.market, await book.cancel(userId, orderId, options.notAfter));
    }
    const order = await findOrder(this.options.database.db, orderId);
    if (!order || order.userId !== userId) throw new AppError('not_found', { fields: { id: 'not_found' } });
    // cluster: a waiting order of a book another node runs is cancelled there.
    if (this.router && order.status === 'waiting') {
      return this.router.cancel(userId, order.pairId, this.notMine(order.pairId, orderId));
    }
    throw new AppError('order_not_cancellable', { fields: { id: 'order_not_cancellable' } });
  }

  async list(userId: number, filter: { pairId?: number; status?: OrderStatus }, limit: number, offset: number) {
    const { total, rows } = await listOrders(this.options.database.db, userId, filter, limit, offset);
    const list: SpotOrderEvent[] = [];
    for (const row of rows) list.push(orderView(await this.marketOf(row.pairId), row));
    return { total, list };
  }

  /**
   * cluster: passes `value` through when another node runs the pair; when this node holds the
   * engine but its book is not open (opening, or closing), refuses rather than asking itself.
   */
  private notMine<T>(pairId: number, value: T): T {
    if (this.router?.owns(pairId)) throw new AppError('engine_unavailable');
    return value;
  }

  /**
   * cluster: the book of a pair whose engine this node runs now. The engine lock is the
   * authority: if the book was fenced out by a build that did not hold the lock (a node that lost it
   * while building), the holder builds it again and takes the market back.
   */
  private async ownedBook(pairId: number): Promise<PairBook | undefined> {
    if (!this.router?.owns(pairId)) return undefined;
    const book = this.books.get(pairId);
    if (book && !book.isClosed) return book;
    const pair = this.options.market.getPair(pairId);
    if (!pair) return undefined;
    let reopening = this.reopening.get(pairId);
    if (!reopening) {
      if (book) this.books.delete(pairId);
      reopening = this.bookOf(pair).finally(() => this.reopening.delete(pairId));
      this.reopening.set(pairId, reopening);
    }
    return reopening;
  }
  private readonly reopening = new Map<number, Promise<PairBook>>();

  async depth(pairId: number, levels: number): Promise<BookDepth> {
    await this.ready();
    if (this.router && !(await this.ownedBook(pairId))) return this.router.depth(pairId, this.notMine(pairId, levels));
    return this.books.get(pairId)?.depth(levels) ?? { bids: [], asks: [] };
  }

  async trades(pairId: number, limit: number): Promise<BookTrade[]> {
    await this.ready();
    if (this.router && !(await this.ownedBook(pairId))) return this.router.trades(pairId, this.notMine(pairId, limit));
    return this.books.get(pairId)?.recentTrades(limit) ?? [];
  }

  /** Lets every queued command finish; new ones are refused. */
  // admin-config: the console's reload hook for pairs' rules. Reads the pairs again and
  // gives each built book the new fee rates and minimum (and product switches) from the next batch on.
  // Tick and lot sizes are the engine's integer units: they change only through changePairSizes below.
  async reloadPairRules(): Promise<void> {
    await this.options.market.loadPairs();
    for (const book of this.books.values()) {
      const pair = this.options.market.getPair(book.pairId);
      if (!pair) continue;
      const next = spotMarket(pair, book.market.baseDecimals, book.market.quoteDecimals);
      Object.assign(book.market, {
        pair: next.pair,
        makerRate: next.makerRate,
        takerRate: next.takerRate,
        maxRate: next.maxRate,
      });
    }
  }

  // admin-config: a pair's tick and lot size at runtime (the steps are in pair-sizes.ts).
  private readonly resizing = new Map<number, Promise<void>>();

  /**
   * Moves a pair's book to a new tick and/or lot size: refused (`sizes_misfit`) while users' waiting
   * orders are not whole multiples of it; the market maker's misfits are cancelled. `record` writes the
   * audit row in the transaction that changes the pair.
   */
  async changePairSizes(
    pairId: number,
    sizes: Partial<PairSizes>,
    record: (tx: Db, before: PairSizes, after: PairSizes) => Promise<void>,
  ): Promise<ResizeResult> {
    await this.ready();
    // cluster: the node that runs the pair's engine changes it (this one would open a second book).
    if (this.router && !this.books.has(pairId)) throw new AppError('engine_unavailable');
    const book = await this.book(pairId);
    if (this.resizing.has(pairId)) throw new AppError('rate_limited');
    return resizePair(
      {
        database: this.options.database,
        market: this.options.market,
        book,
        writeLock: this.writes.exclusive,
        pause: () => {
          let resume = () => {};
          this.resizing.set(pairId, new Promise<void>((done) => (resume = done)));
          return () => {
            this.resizing.delete(pairId);
            resume();
          };
        },
      },
      sizes,
      record,
    );
  }

  // cluster ────────────────────────────────────────────────────────────────────────────────

  /** Routes orders of books this node does not run to their owner (before `ready()`). */
  route(router: SpotRouter): void {
    this.router = router;
  }

  /** Opens (rebuilds from the database) the book of a pair whose engine this node now owns. */
  async openEngine(pairId: number): Promise<void> {
    await this.ready();
    const pair = this.options.market.getPair(pairId);
    if (!pair) throw new Error(`pair ${pairId} is unknown`);
    await this.bookOf(pair);
  }

  /** Stops a book this node no longer owns: queued commands finish (or fail), new ones are refused. */
  async closeEngine(pairId: number): Promise<void> {
    const book = this.books.get(pairId);
    this.books.delete(pairId);
    await book?.close();
  }

  /** The pair's units and rules, from its book when open here, else from the pair (no book is opened). */
  private async marketOf(pairId: number): Promise<SpotMarket> {
    const open = this.books.get(pairId);
    if (open || !this.router) return open?.market ?? (await this.book(pairId)).market;
    await this.ready();
    const pair = this.options.market.getPair(pairId);
    const base = pair && this.decimals.get(pair.currencyId);
    const quote = pair && this.decimals.get(pair.legalId);
    if (!pair || base === undefined || quote === undefined) throw new AppError('pair_unknown');
    return spotMarket(pair, base, quote);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.building?.catch(() => {});
    await Promise.all([...this.books.values()].map((b) => b.close()));
    for (const state of this.depthTimers.values()) clearTimeout(state.timer);
  }

  private pushCommitted({ market: m, orders, trades, bookChanged }: Committed): void {
    const { market, toUser } = this.options;
    for (const trade of trades) {
      market.publishTrade(m.pair.id, {
        id: trade.id,
        price: trade.price,
        amount: trade.amount,
        side: trade.takerSide,
        time: trade.time,
      });
    }
    for (const order of orders) toUser(order.userId, SPOT_EVENTS.order, orderView(m, order));
    if (bookChanged) this.scheduleDepth(m.pair.id);
  }

  /** Depth goes out at most every `depthIntervalMs` per pair, the latest state each time. */
  private scheduleDepth(pairId: number): void {
    if (this.closed) return;
    const interval = this.options.depthIntervalMs ?? 100;
    let state = this.depthTimers.get(pairId);
    if (!state) {
      state = { last: 0 };
      this.depthTimers.set(pairId, state);
    }
    if (state.timer) return;
    const s = state;
    const send = () => {
      s.timer = undefined;
      s.last = Date.now();
      void this.options.market.publishDepth(pairId).catch(() => {});
    };
    const wait = s.last + interval - Date.now();
    if (wait <= 0) send();
    else s.timer = setTimeout(send, wait);
  }
}
