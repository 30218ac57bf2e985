import { LEVER_EVENTS, type LeverPosition } from '@app/shared';
import type { Database, Db } from '../../db/client.js';
import type { Leg } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { dec } from '../../lib/money.js';
import type { ServiceLog } from '../../lib/service-log.js';
import type { MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import type { Realtime } from '../../plugins/socket.js';
import { PositionBook } from './book.js';
import { isFreshIndex } from './fresh-index.js';
import { refuse } from './input.js';
import { type ContractRules, currencyDecimals, loadContractRules, type PositionRow, userPosition } from './repo.js';
import { positionView } from './view.js';

export type ContractsOptions = {
  database: Database;
  market: MarketService;
  /** Pushes to a user's private socket room. */
  toUser: Realtime['toUser'];
  log: ServiceLog;
  /** Mark pushes to one user are at most this often per pair (ms). */
  markIntervalMs?: number;
  /** Milliseconds since the epoch, against which an index sample's age is judged (tests move it). */
  now?: () => number;
};

export type IndexSample = { price: string; time: number };

/**
 * What every part of the contracts service shares: the options, the in-memory book of open positions,
 * and the look-ups each of them needs (a pair's rules, a fresh index sample, a user's open position).
 */
export class ContractsCore {
  readonly book = new PositionBook();
  readonly now: () => number;

  constructor(readonly options: ContractsOptions) {
    this.now = options.now ?? Date.now;
  }

  get db(): Db {
    return this.options.database.db;
  }

  get market(): MarketService {
    return this.options.market;
  }

  async quoteDecimals(): Promise<Map<number, number>> {
    return currencyDecimals(this.db);
  }

  async decimalsOf(pair: Pair): Promise<number> {
    return (await this.quoteDecimals()).get(pair.legalId) ?? 8;
  }

  /** The pair's contract rules, refusing a pair closed for contracts. */
  async rulesOf(pair: Pair): Promise<ContractRules> {
    const rules = (await loadContractRules(this.db)).find((r) => r.pairId === pair.id);
    if (!rules || !pair.openLever) throw refuse('lever_closed', 'currency_id');
    return rules;
  }

  /** The pair's index sample if it is fresh enough to settle on (fresh-index.ts), else undefined. */
  freshSample(pair: Pair): IndexSample | undefined {
    const sample = this.market.indexSample(pair.id);
    return sample && isFreshIndex(sample.time, this.now()) ? sample : undefined;
  }

  /** The index sample a user's action uses; refused while the pair has no fresh index. */
  sample(pair: Pair): IndexSample {
    const sample = this.freshSample(pair);
    if (!sample) throw new AppError('index_unavailable');
    return sample;
  }

  pairOf(row: PositionRow): Pair {
    const pair = this.market.getPair(row.pairId);
    if (!pair) throw new AppError('pair_unknown');
    return pair;
  }

  /** One of the user's positions that is still open; someone else's is not found. */
  async ownOpen(userId: number, id: number): Promise<PositionRow> {
    const row = await userPosition(this.db, userId, id);
    if (!row) throw new AppError('not_found', { status: 404 });
    if (row.status !== 'holding' && row.status !== 'entrusted') throw new AppError('position_not_open');
    return row;
  }

  view(row: PositionRow, decimals: number): LeverPosition {
    return positionView(this.market, row, decimals);
  }

  /** The position as the API shows it, also pushed to its owner's room. */
  publish(row: PositionRow, decimals: number): LeverPosition {
    const view = this.view(row, decimals);
    this.options.toUser(row.userId, LEVER_EVENTS.trade, view);
    return view;
  }
}

/** Drops zero legs (a zero fee, a break-even house side): the ledger refuses zero amounts. */
export function legs(list: Leg[]): Leg[] {
  return list.filter((leg) => !dec(leg.amount).isZero());
}
