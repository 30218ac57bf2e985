import type { LeverDeal, LeverMyTrade, LeverPosition } from '@app/shared';
import type { Pair } from '../../market/pairs.js';
import { livePosition, type PositionBook } from './book.js';
import { ContractClosing } from './close.js';
import { ContractsCore, type ContractsOptions } from './core.js';
import type { Side } from './math.js';
import { ContractOpening, type SubmitForm } from './open.js';
import { ContractReads } from './reads.js';
import { type ContractRules, openPositions, type PositionRow, type PositionStatus } from './repo.js';
import { IndexStream } from './stream.js';

export type { ContractsOptions } from './core.js';
export type { SubmitForm } from './open.js';

/**
 * Perpetual contracts with the platform as counterparty (DESIGN.md 5). Every money movement is a ledger
 * entry in the transaction that changes the position; results come only from the index price, and each
 * stores the price and sample time it used. Open positions are also kept in memory (`PositionBook`) so
 * each index tick re-marks them and fires limit entries, stops and liquidations.
 *
 * This class is the module's face (`app.contracts`) and owns its life: loading the open positions,
 * listening to the index, releasing them. The work is done by its parts: opening (open.ts), closing
 * (close.ts), the index stream (stream.ts) and the reads (reads.ts), sharing one core (core.ts).
 * Every command waits for the positions to be loaded first, so the book knows what it changes.
 */
export class ContractsService {
  readonly book: PositionBook;
  private readonly core: ContractsCore;
  private readonly reads: ContractReads;
  private readonly opening: ContractOpening;
  private readonly closing: ContractClosing;
  private readonly stream: IndexStream;
  private loading: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ContractsOptions) {
    this.core = new ContractsCore(options);
    this.book = this.core.book;
    this.reads = new ContractReads(this.core);
    this.opening = new ContractOpening(this.core);
    this.closing = new ContractClosing(this.core);
    this.stream = new IndexStream(this.core, this.opening, this.closing);
  }

  // ── life ────────────────────────────────────────────────────────────────────────────────────────

  /** Loads the open positions once and starts listening to the index (the first caller waits). */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<void> {
    await this.options.market.ensurePairs();
    const decimals = await this.core.quoteDecimals();
    for (const row of await openPositions(this.core.db)) {
      const pair = this.options.market.getPair(row.pairId);
      this.book.put(livePosition(row, decimals.get(pair?.legalId ?? 0) ?? 8, pair?.priceDecimals ?? 8));
    }
    this.unsubscribe = this.options.market.subscribe((tick) => this.onTick(tick.pairId, tick.price, tick.time));
  }

  async close(): Promise<void> {
    this.stream.stop();
    this.unsubscribe?.();
    await this.stream.drain();
  }

  /**
   * cluster: this node stops leading. It stops re-marking, lets queued settlements finish and
   * forgets the positions; the next leader loads them from the database (`ready()`), as does this node
   * if it leads again.
   */
  async release(): Promise<void> {
    // A load under way subscribes when it ends: wait for it, then stop listening.
    await this.loading?.catch(() => {});
    const off = this.unsubscribe;
    this.unsubscribe = undefined;
    off?.();
    await this.settled();
    this.book.clear();
    this.loading = undefined;
  }

  /** Waits until the triggered settlements queued so far are done (tests, shutdown). */
  settled(): Promise<void> {
    return this.stream.settled();
  }

  /** One index tick of a pair (stream.ts); the index subscription calls it, tests too. */
  onTick(pairId: number, price: string, time: number): void {
    this.stream.onTick(pairId, price, time);
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────────────

  rulesOf(pair: Pair): Promise<ContractRules> {
    return this.core.rulesOf(pair);
  }

  openPairs(): Promise<Pair[]> {
    return this.reads.openPairs();
  }

  deal(userId: number, pair: Pair): Promise<LeverDeal> {
    return this.reads.deal(userId, pair);
  }

  myTrade(userId: number, filter: { pair?: Pair; status?: PositionStatus }, page: number, limit: number): Promise<LeverMyTrade> {
    return this.reads.myTrade(userId, filter, page, limit);
  }

  view(row: PositionRow, decimals: number): LeverPosition {
    return this.core.view(row, decimals);
  }

  consolePositions(filter: { pairId?: number; status?: PositionStatus; userId?: number }, page: number, limit: number) {
    return this.reads.consolePositions(filter, page, limit);
  }

  // ── commands ────────────────────────────────────────────────────────────────────────────────────

  async submit(userId: number, form: SubmitForm): Promise<LeverPosition> {
    await this.ready();
    return this.opening.submit(userId, form);
  }

  async setStops(userId: number, id: number, input: { stopProfit?: unknown; stopLoss?: unknown }): Promise<LeverPosition> {
    await this.ready();
    return this.opening.setStops(userId, id, input);
  }

  async closeByUser(userId: number, id: number): Promise<LeverPosition> {
    await this.ready();
    return this.closing.closeByUser(userId, id);
  }

  async cancelByUser(userId: number, id: number): Promise<LeverPosition> {
    await this.ready();
    return this.closing.cancelByUser(userId, id);
  }

  async closeAll(userId: number, filter: { side?: Side; pair?: Pair }): Promise<{ closed: LeverPosition[] }> {
    await this.ready();
    return this.closing.closeAll(userId, filter);
  }
}
