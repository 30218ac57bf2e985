import type { LeverDeal, LeverMyTrade, LeverPairInfo } from '@app/shared';
import { D, dec, str } from '../../lib/money.js';
import { offsetOf } from '../../lib/paging.js';
import type { Pair } from '../../market/pairs.js';
import type { ContractsCore } from './core.js';
import { pnlOf, quantityOf, riskRate, type Side } from './math.js';
import {
  contractAccount,
  currencyRow,
  listPositions,
  loadContractRules,
  type PositionRow,
  type PositionStatus,
  userOpenPositions,
} from './repo.js';
import { pairInfo } from './view.js';

/** What the routes read: the trading page of a pair, a user's positions and totals, the console's list. */
export class ContractReads {
  constructor(private readonly core: ContractsCore) {}

  /** Pairs open for contracts: `pairs.open_lever` set and rules stored. */
  async openPairs(): Promise<Pair[]> {
    await this.core.market.ensurePairs();
    const withRules = new Set((await loadContractRules(this.core.db)).map((r) => r.pairId));
    return this.core.market.listPairs().filter((p) => p.openLever && withRules.has(p.id));
  }

  private async leverPairs(): Promise<LeverPairInfo[]> {
    return (await this.openPairs()).map((p) => pairInfo(this.core.market, p));
  }

  async deal(userId: number, pair: Pair): Promise<LeverDeal> {
    const { db, market } = this.core;
    const rules = await this.core.rulesOf(pair);
    const coin = await currencyRow(db, pair.legalId);
    const account = await contractAccount(db, userId, pair.legalId);
    const sample = market.indexSample(pair.id);
    const positions = await userOpenPositions(db, userId, pair.id);
    return {
      pair: pairInfo(market, pair),
      pairs: await this.leverPairs(),
      multiple: rules.multiples,
      lots: rules.lotPresets,
      max_lots: rules.maxLots,
      lever_share_num: str(rules.contractSize),
      open_fee_rate: str(rules.openFeeRate),
      close_fee_rate: str(rules.closeFeeRate),
      maintenance_margin_rate: str(rules.maintenanceMarginRate),
      last_price: sample?.price ?? market.indexPrice(pair.id) ?? null,
      price_time: sample?.time ?? null,
      demo: market.demo,
      balance: {
        currency_id: pair.legalId,
        currency_name: coin?.name ?? pair.legalName,
        decimals: rules.quoteDecimals,
        available: str(account?.available ?? '0'),
        frozen: str(account?.frozen ?? '0'),
      },
      positions: positions.map((row) => this.core.view(row, rules.quoteDecimals)),
    };
  }

  async myTrade(
    userId: number,
    filter: { pair?: Pair; status?: PositionStatus },
    page: number,
    limit: number,
  ): Promise<LeverMyTrade> {
    const dp = await this.decimalsByPair();
    const { total, rows } = await listPositions(
      this.core.db,
      { userId, pairId: filter.pair?.id, status: filter.status ? [filter.status] : undefined },
      limit,
      offsetOf(page, limit),
    );
    // Totals over every holding position of the user (in the filtered pair), not only this page.
    const holding = (await userOpenPositions(this.core.db, userId, filter.pair?.id)).filter((r) => r.status === 'holding');
    const { profit, equity, margin } = this.totals(holding, dp);
    return {
      list: rows.map((row) => this.core.view(row, dp(row.pairId))),
      total,
      page,
      limit,
      profits_total: str(profit),
      hazard_rate: riskRate(equity, margin),
    };
  }

  /** Unrealised PnL, equity and margin of holding positions at the current index. */
  private totals(holding: PositionRow[], dp: (pairId: number) => number) {
    let profit = new D(0);
    let equity = new D(0);
    let margin = new D(0);
    for (const row of holding) {
      const mark = this.core.market.indexPrice(row.pairId);
      const p = mark
        ? pnlOf(row.side as Side, row.openPrice!, mark, quantityOf(row.contractSize, row.lots), dp(row.pairId))
        : new D(0);
      profit = profit.plus(p);
      equity = equity.plus(dec(row.margin).plus(p));
      margin = margin.plus(row.margin);
    }
    return { profit, equity, margin };
  }

  /** The places of each pair's quote coin, by pair id (8 for a pair no longer known). */
  private async decimalsByPair(): Promise<(pairId: number) => number> {
    const decimals = await this.core.quoteDecimals();
    return (pairId) => decimals.get(this.core.market.getPair(pairId)?.legalId ?? 0) ?? 8;
  }

  /** The console's read-only list: open positions unless a status is asked for. */
  async consolePositions(filter: { pairId?: number; status?: PositionStatus; userId?: number }, page: number, limit: number) {
    const dp = await this.decimalsByPair();
    const { total, rows } = await listPositions(
      this.core.db,
      { userId: filter.userId, pairId: filter.pairId, status: filter.status ? [filter.status] : ['entrusted', 'holding'] },
      limit,
      offsetOf(page, limit),
    );
    return {
      list: rows.map((row) => ({ user_id: row.userId, ...this.core.view(row, dp(row.pairId)) })),
      total,
      page,
      limit,
    };
  }
}
