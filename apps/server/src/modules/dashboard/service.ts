import { and, asc, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contractPositions,
  currencies,
  deposits,
  identityChecks,
  ledgerAccounts,
  optionOrders,
  pairs,
  spotTrades,
  users,
  withdrawals,
} from '../../db/schema.js';
import { D, type Dec, str } from '../../lib/money.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';

const DAY_MS = 86_400_000;

/** Amounts per coin with their USDT value (index price, or the operator's fallback price). */
type CoinAmount = { currency_id: number; currency_name: string; count: number; amount: string; usdt: string };

function startOfUtcDay(now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS);
}

/**
 * The console's home figures, each from one aggregate query over the live tables, so
 * the numbers are the database's, never a cache: users, queues, money waiting for review, 24h spot
 * volume per pair, open interest of contracts and options and the house's own balances.
 */
export async function dashboard(db: Db, live: LivePrices, now: number) {
  const { prices, demo } = await usdtPrices(db, live);
  const usdt = (currencyId: number, amount: Dec) => (prices.get(currencyId) ?? new D(0)).mul(amount);
  const coinNames = new Map(
    (await db.select({ id: currencies.id, name: currencies.name }).from(currencies)).map((c) => [c.id, c.name]),
  );
  const today = startOfUtcDay(now);
  const dayAgo = new Date(now - DAY_MS);

  const [userCounts] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) FILTER (WHERE ${users.createdAt} >= ${today.toISOString()})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.isOperator, false));

  const [identityQueue] = await db.select({ n: count() }).from(identityChecks).where(eq(identityChecks.status, 'pending'));

  const pendingMoney = async (table: typeof deposits | typeof withdrawals) => {
    const rows = await db
      .select({ currencyId: table.currencyId, n: count(), amount: sql<string>`sum(${table.amount})` })
      .from(table)
      .where(eq(table.status, 'pending'))
      .groupBy(table.currencyId)
      .orderBy(asc(table.currencyId));
    const list: CoinAmount[] = rows.map((r) => ({
      currency_id: r.currencyId,
      currency_name: coinNames.get(r.currencyId) ?? String(r.currencyId),
      count: r.n,
      amount: str(new D(r.amount)),
      usdt: str(usdt(r.currencyId, new D(r.amount)).toDecimalPlaces(2)),
    }));
    const total = list.reduce((sum, r) => sum.add(r.usdt), new D(0));
    return { count: list.reduce((n, r) => n + r.count, 0), usdt: str(total), by_coin: list };
  };

  const volumeRows = await db
    .select({
      pairId: pairs.id,
      symbol: pairs.symbol,
      trades: sql<number>`count(${spotTrades.id})`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${spotTrades.amount}), 0)`,
      quote: sql<string>`coalesce(sum(${spotTrades.quoteAmount}), 0)`,
    })
    .from(pairs)
    .leftJoin(spotTrades, and(eq(spotTrades.pairId, pairs.id), gte(spotTrades.createdAt, dayAgo)))
    .groupBy(pairs.id, pairs.symbol)
    .orderBy(asc(pairs.sort), asc(pairs.id));
  const legalOf = new Map((await db.select({ id: pairs.id, legal: pairs.legalId }).from(pairs)).map((p) => [p.id, p.legal]));
  const volume = volumeRows.map((r) => ({
    pair_id: r.pairId,
    symbol: r.symbol,
    trades: r.trades,
    base_volume: str(new D(r.amount)),
    quote_volume: str(new D(r.quote)),
    usdt: str(usdt(legalOf.get(r.pairId) ?? 0, new D(r.quote)).toDecimalPlaces(2)),
  }));

  // Contracts: positions holding (filled) count as open interest; notional = lots × contract size × open price.
  const contractRows = await db
    .select({
      pairId: contractPositions.pairId,
      symbol: pairs.symbol,
      side: contractPositions.side,
      positions: count(),
      lots: sql<string>`sum(${contractPositions.lots})`,
      notional: sql<string>`sum(${contractPositions.lots} * ${contractPositions.contractSize} * ${contractPositions.openPrice})`,
      margin: sql<string>`sum(${contractPositions.margin})`,
    })
    .from(contractPositions)
    .innerJoin(pairs, eq(pairs.id, contractPositions.pairId))
    .where(and(eq(contractPositions.status, 'holding'), isNotNull(contractPositions.openPrice)))
    .groupBy(contractPositions.pairId, pairs.symbol, contractPositions.side)
    .orderBy(asc(contractPositions.pairId), asc(contractPositions.side));
  const contracts = contractRows.map((r) => ({
    pair_id: r.pairId,
    symbol: r.symbol,
    side: r.side,
    positions: r.positions,
    lots: Number(r.lots),
    notional: str(new D(r.notional)),
    margin: str(new D(r.margin)),
  }));

  // Options: open orders; the house owes stake × profit ratio if every one of them wins.
  const optionRows = await db
    .select({
      pairId: optionOrders.pairId,
      symbol: pairs.symbol,
      currencyId: optionOrders.currencyId,
      orders: count(),
      stake: sql<string>`sum(${optionOrders.stake})`,
      maxPayout: sql<string>`sum(${optionOrders.stake} * ${optionOrders.profitRatio})`,
    })
    .from(optionOrders)
    .innerJoin(pairs, eq(pairs.id, optionOrders.pairId))
    .where(eq(optionOrders.status, 'open'))
    .groupBy(optionOrders.pairId, pairs.symbol, optionOrders.currencyId)
    .orderBy(asc(optionOrders.pairId), asc(optionOrders.currencyId));
  const options = optionRows.map((r) => ({
    pair_id: r.pairId,
    symbol: r.symbol,
    currency_id: r.currencyId,
    currency_name: coinNames.get(r.currencyId) ?? String(r.currencyId),
    orders: r.orders,
    stake: str(new D(r.stake)),
    max_payout: str(new D(r.maxPayout)),
  }));

  // The house: the platform's `house` accounts and the market maker's (users.is_operator) balances.
  const operatorIds = (await db.select({ id: users.id }).from(users).where(eq(users.isOperator, true))).map((u) => u.id);
  const houseRows = await db
    .select({
      currencyId: ledgerAccounts.currencyId,
      owner: sql<string>`CASE WHEN ${ledgerAccounts.systemCode} IS NULL THEN 'market_maker' ELSE ${ledgerAccounts.systemCode} END`,
      available: sql<string>`sum(${ledgerAccounts.available})`,
      frozen: sql<string>`sum(${ledgerAccounts.frozen})`,
    })
    .from(ledgerAccounts)
    .where(
      operatorIds.length
        ? sql`(${ledgerAccounts.systemCode} = 'house' OR ${inArray(ledgerAccounts.userId, operatorIds)})`
        : eq(ledgerAccounts.systemCode, 'house'),
    )
    .groupBy(ledgerAccounts.currencyId, sql`2`)
    .orderBy(sql`2`, asc(ledgerAccounts.currencyId));
  const house = houseRows
    .map((r) => {
      const total = new D(r.available).add(r.frozen);
      return {
        owner: r.owner,
        currency_id: r.currencyId,
        currency_name: coinNames.get(r.currencyId) ?? String(r.currencyId),
        available: str(new D(r.available)),
        frozen: str(new D(r.frozen)),
        usdt: str(usdt(r.currencyId, total).toDecimalPlaces(2)),
      };
    })
    .filter((r) => !new D(r.available).isZero() || !new D(r.frozen).isZero());

  return {
    generated_at: new Date(now).toISOString(),
    demo_prices: demo,
    users: { total: userCounts?.total ?? 0, today: userCounts?.today ?? 0 },
    identity_queue: identityQueue?.n ?? 0,
    pending_deposits: await pendingMoney(deposits),
    pending_withdrawals: await pendingMoney(withdrawals),
    spot_volume_24h: volume,
    contracts_open: contracts,
    options_open: options,
    house,
  };
}
