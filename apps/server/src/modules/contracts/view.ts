import { LEVER_STATUS, type LeverCloseReason, type LeverPairInfo, type LeverPosition } from '@app/shared';
import { type Dec, dec, str } from '../../lib/money.js';
import type { MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import {
  liquidationPriceExact,
  liquidationPriceShown,
  maintenanceOf,
  notionalOf,
  pnlOf,
  quantityOf,
  riskRate,
  type Side,
} from './math.js';
import type { PositionRow, PositionStatus } from './repo.js';

/** How the API shows pairs and positions: reads the index, never the database. */

const STATUS_NUMBER: Record<PositionStatus, 0 | 1 | 3 | 4> = LEVER_STATUS;

export function pairInfo(market: MarketService, p: Pair): LeverPairInfo {
  return {
    id: p.id,
    symbol: p.symbol,
    legal_id: p.legalId,
    currency_id: p.currencyId,
    legal_name: p.legalName,
    currency_name: p.currencyName,
    price_decimals: p.priceDecimals,
    tick_size: p.tickSize,
    now_price: market.indexPrice(p.id) ?? null,
  };
}

/** The live figures of a position: at the current index while open, as settled once closed. */
function figures(market: MarketService, row: PositionRow, decimals: number, priceDecimals: number) {
  const side = row.side as Side;
  const status = row.status as PositionStatus;
  const quantity = quantityOf(row.contractSize, row.lots);
  const margin = dec(row.margin);
  let current: string | null = null;
  let profits: string | null = null;
  let risk: string | null = null;
  let maintenance: Dec | undefined;
  let liquidation: string | null = null;
  if (status === 'holding' || status === 'entrusted') current = market.indexPrice(row.pairId) ?? null;
  if (status === 'closed') current = row.closePrice === null ? null : dec(row.closePrice).toFixed(priceDecimals);
  if (row.openPrice) {
    maintenance = maintenanceOf(row.openPrice, row.contractSize, row.lots, row.maintenanceMarginRate, decimals);
    if (status === 'holding') {
      liquidation = liquidationPriceShown(
        side,
        liquidationPriceExact(side, row.openPrice, margin, maintenance, quantity),
        priceDecimals,
      );
      if (current) {
        const pnl = pnlOf(side, row.openPrice, current, quantity, decimals);
        profits = str(pnl);
        risk = riskRate(margin.plus(pnl), margin);
      }
    }
  }
  if (status === 'closed') profits = row.profit === null ? null : str(row.profit);
  return { current, profits, risk, maintenance, liquidation };
}

/** A position as the API shows it: live figures at the current index while open. */
export function positionView(market: MarketService, row: PositionRow, decimals: number): LeverPosition {
  const pair = market.getPair(row.pairId);
  const side = row.side as Side;
  const status = row.status as PositionStatus;
  const priceDecimals = pair?.priceDecimals ?? 8;
  const { current, profits, risk, maintenance, liquidation } = figures(market, row, decimals, priceDecimals);
  const price = (value: string | null) => (value === null ? null : dec(value).toFixed(priceDecimals));
  return {
    id: row.id,
    symbol: pair?.symbol ?? '',
    pair_id: row.pairId,
    legal_id: pair?.legalId ?? 0,
    currency_id: pair?.currencyId ?? 0,
    type: side === 'long' ? 1 : 2,
    side,
    status: STATUS_NUMBER[status],
    status_name: status,
    entry: row.entry as 'market' | 'limit',
    share: row.lots,
    multiple: row.multiple,
    lever_share_num: str(row.contractSize),
    target_price: price(row.targetPrice),
    open_price: price(row.openPrice),
    open_price_time: row.openPriceTime,
    current_price: current,
    market_value: current ? str(notionalOf(current, row.contractSize, row.lots)) : null,
    margin: str(row.margin),
    fee: str(row.openFee),
    close_fee: row.closeFee === null ? null : str(row.closeFee),
    profits,
    risk_rate: risk,
    maintenance_margin: maintenance ? str(maintenance) : null,
    liquidation_price: liquidation,
    target_profit_price: price(row.stopProfitPrice),
    stop_loss_price: price(row.stopLossPrice),
    close_price: price(row.closePrice),
    close_price_time: row.closePriceTime,
    close_reason: row.closeReason as LeverCloseReason | null,
    created_at: row.createdAt.toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}
