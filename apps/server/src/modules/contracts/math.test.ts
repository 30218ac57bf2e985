import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldLong } from '../../../test/contracts.js';
import { D, type Dec, dec, str } from '../../lib/money.js';
import { livePosition, PositionBook, remarkPosition, remarkUnits } from './book.js';
import {
  feeOf,
  isLiquidated,
  liquidationPriceExact,
  liquidationPriceShown,
  maintenanceOf,
  marginOf,
  pnlOf,
  quantityOf,
  riskRate,
  type Side,
  settle,
  stopProblem,
  stopReached,
} from './math.js';
import type { PositionRow } from './repo.js';

const USDT = 6;

describe('contract money', () => {
  it('margin is entry notional / multiple and the fees are notional × rate, rounded up on the coin', () => {
    // 3 lots of 0.01 BTC at 60000 with multiple 10: notional 1800.
    expect(str(marginOf('60000', { contractSize: '0.01', lots: 3, multiple: 10 }, USDT))).toBe('180');
    expect(str(feeOf('60000', '0.01', 3, '0.0005', USDT))).toBe('0.9');
    // 600.0002 / 7 = 85.7143142857… → up to 85.714315; 600.0002 × 0.0005 = 0.3000001 → 0.300001.
    expect(str(marginOf('60000.02', { contractSize: '0.01', lots: 1, multiple: 7 }, USDT))).toBe('85.714315');
    expect(str(feeOf('60000.02', '0.01', 1, '0.0005', USDT))).toBe('0.300001');
    expect(str(feeOf('60000', '0.01', 3, '0', USDT))).toBe('0');
  });

  it('PnL is (mark − entry) × size × lots for a long, mirrored for a short, without the multiple', () => {
    const q = quantityOf('0.01', 3);
    expect(str(pnlOf('long', '60000', '61000', q, USDT))).toBe('30');
    expect(str(pnlOf('short', '60000', '61000', q, USDT))).toBe('-30');
    expect(str(pnlOf('long', '60000', '59000.5', q, USDT))).toBe('-29.985');
    expect(str(pnlOf('short', '0.12345', '0.12001', quantityOf('1000', 2), USDT))).toBe('6.88');
    // Rounded toward −∞: a sub-unit loss is a whole unit, a sub-unit gain is nothing.
    const tiny = dec('0.0000003');
    expect(str(pnlOf('long', '100.00', '99.99', tiny, USDT))).toBe('-0.000001');
    expect(str(pnlOf('long', '100.00', '100.01', tiny, USDT))).toBe('0');
  });

  it('the liquidation price is where equity meets the maintenance margin', () => {
    const q = quantityOf('0.01', 3);
    const margin = dec('180');
    const mm = maintenanceOf('60000', '0.01', 3, '0.005', USDT);
    expect(str(mm)).toBe('9');
    // long: 60000 − (180 − 9) / 0.03 = 54300; short: 65700.
    const long = liquidationPriceExact('long', '60000', margin, mm, q);
    const short = liquidationPriceExact('short', '60000', margin, mm, q);
    expect(liquidationPriceShown('long', long, 2)).toBe('54300.00');
    expect(liquidationPriceShown('short', short, 2)).toBe('65700.00');
    // At that price equity is exactly the maintenance margin.
    expect(str(margin.plus(pnlOf('long', '60000', '54300', q, USDT)))).toBe('9');
    expect(isLiquidated('long', '54300.01', long)).toBe(false);
    expect(isLiquidated('long', '54300', long)).toBe(true);
    expect(isLiquidated('short', '65699.99', short)).toBe(false);
    expect(isLiquidated('short', '65700', short)).toBe(true);
  });

  it('a shown liquidation price is the first price on the grid that liquidates', () => {
    // cushion 9.5 / 3 = 3.1666…: long 96.8333… shown 96.83, short 103.1666… shown 103.17.
    const q = dec(3);
    const long = liquidationPriceExact('long', '100', dec(10), dec('0.5'), q);
    const short = liquidationPriceExact('short', '100', dec(10), dec('0.5'), q);
    expect(liquidationPriceShown('long', long, 2)).toBe('96.83');
    expect(liquidationPriceShown('short', short, 2)).toBe('103.17');
    expect(isLiquidated('long', '96.83', long)).toBe(true);
    expect(isLiquidated('long', '96.84', long)).toBe(false);
    expect(isLiquidated('short', '103.17', short)).toBe(true);
    expect(isLiquidated('short', '103.16', short)).toBe(false);
    // Multiple 1 without maintenance: a long can never be liquidated (the price would be 0).
    expect(liquidationPriceShown('long', liquidationPriceExact('long', '100', dec(300), dec(0), q), 2)).toBeNull();
  });

  it('settlement returns margin + PnL − closing fee, never less than nothing', () => {
    const margin = dec('180');
    expect(settle(margin, dec('30'), dec('0.915'))).toEqual({
      profit: dec('30'),
      closeFee: dec('0.915'),
      payout: dec('209.085'),
      house: dec('-30'),
    });
    // A gap through the liquidation price: the loss stops at the margin, the fee is not charged.
    const gap = settle(margin, dec('-200'), dec('0.9'));
    expect([str(gap.profit), str(gap.closeFee), str(gap.payout), str(gap.house)]).toEqual(['-180', '0', '0', '180']);
    // Only 0.5 left: the fee takes what is left.
    const thin = settle(margin, dec('-179.5'), dec('0.9'));
    expect([str(thin.profit), str(thin.closeFee), str(thin.payout), str(thin.house)]).toEqual(['-179.5', '0.5', '0', '179.5']);
  });

  it('risk rate is equity / margin in percent', () => {
    expect(riskRate(dec('171'), dec('180'))).toBe('95.00');
    expect(riskRate(dec('9'), dec('180'))).toBe('5.00');
    expect(riskRate(dec('1'), dec('3'))).toBe('33.33');
    expect(riskRate(dec('0'), dec('0'))).toBeNull();
  });

  it('stops must lie on the right side of both the entry and the current price', () => {
    const e = '60000';
    expect(stopProblem('long', e, '60100', { stopProfit: dec('61000'), stopLoss: dec('59000') })).toBeUndefined();
    expect(stopProblem('long', e, '60100', { stopProfit: dec('60050') })).toBe('stop_profit_wrong_side');
    expect(stopProblem('long', e, '59900', { stopLoss: dec('59950') })).toBe('stop_loss_wrong_side');
    expect(stopProblem('long', e, e, { stopLoss: dec('60000') })).toBe('stop_loss_wrong_side');
    expect(stopProblem('short', e, e, { stopProfit: dec('59000'), stopLoss: dec('61000') })).toBeUndefined();
    expect(stopProblem('short', e, e, { stopProfit: dec('61000') })).toBe('stop_profit_wrong_side');
    expect(stopProblem('short', e, e, { stopLoss: dec('59000') })).toBe('stop_loss_wrong_side');
    expect(stopReached('long', '61000', { stopProfit: dec('61000') })).toBe('stop_profit');
    expect(stopReached('short', '61000', { stopLoss: dec('61000') })).toBe('stop_loss');
    expect(stopReached('short', '60999', { stopLoss: dec('61000') })).toBeUndefined();
  });
});

/** A stored row as the service writes it, for the book. */
function row(over: Partial<PositionRow>): PositionRow {
  return {
    id: 1,
    ...heldLong(1),
    targetPrice: null,
    openPriceTime: 0,
    stopProfitPrice: null,
    stopLossPrice: null,
    closePrice: null,
    closePriceTime: null,
    closeFee: null,
    profit: null,
    closeReason: null,
    createdAt: new Date(0),
    openedAt: new Date(0),
    closedAt: null,
    updatedAt: new Date(0),
    ...over,
  };
}

describe('re-marking the book', () => {
  it('fires limit entries, stops and liquidation at the index, each once', () => {
    const book = new PositionBook();
    book.put(livePosition(row({ id: 1, stopProfitPrice: '61000', stopLossPrice: '59000' }), USDT, 2));
    book.put(livePosition(row({ id: 2, side: 'short' }), USDT, 2)); // liquidated at 60000 + (60 − 3)/0.01 = 65700
    book.put(livePosition(row({ id: 3, status: 'entrusted', openPrice: null, targetPrice: '59500' }), USDT, 2));
    expect(book.remark(1, '60500')).toEqual([]);
    expect(book.get(1, 1)!.profit).toBe('5');
    expect(book.get(1, 2)!.risk).toBe('91.66');
    const at59000 = book.remark(1, '59000').map((t) => [t.position.id, t.trigger]);
    expect(at59000).toEqual([
      [1, 'stop_loss'],
      [3, 'fill'],
    ]);
    // Already being settled: not queued again.
    expect(book.remark(1, '58000')).toEqual([]);
    expect(book.remark(1, '65700').map((t) => [t.position.id, t.trigger])).toEqual([[2, 'liquidation']]);
  });
});

describe('property: the integer re-mark equals the decimal one', () => {
  it('gives the same PnL, risk rate and trigger for any position and mark', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('long', 'short'),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(1, 5, 10, 20, 50, 100),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(['0.01', 2, 6], ['1000', 5, 6], ['0.1', 2, 8], ['0.0001', 4, 2]),
        fc.option(fc.integer({ min: 1, max: 10_000_000 })),
        fc.option(fc.integer({ min: 1, max: 10_000_000 })),
        (side, lots, multiple, entryUnits, markUnits, [size, priceDecimals, decimals], sp, sl) => {
          const scale = new D(10).pow(priceDecimals);
          const entry = new D(entryUnits).div(scale);
          const mark = new D(markUnits).div(scale);
          const margin = marginOf(entry, { contractSize: size, lots, multiple }, decimals);
          const position = () =>
            livePosition(
              row({
                side,
                lots,
                multiple,
                contractSize: size,
                openPrice: str(entry),
                margin: str(margin),
                stopProfitPrice: sp ? str(new D(sp).div(scale)) : null,
                stopLossPrice: sl ? str(new D(sl).div(scale)) : null,
              }),
              decimals,
              priceDecimals,
            );
          const a = position();
          const b = position();
          expect(a.units).toBeDefined();
          const byUnits = remarkUnits(a, a.units!, BigInt(markUnits));
          const byDecimal = remarkPosition(b, mark);
          expect([byUnits, a.profit, a.risk]).toEqual([byDecimal, b.profit, b.risk]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('property: no sequence of prices makes a balance negative', () => {
  /**
   * A user with a contract balance opens positions of random terms and the index walks at random
   * (including gaps far through liquidation prices). Every trigger settles at its price; whatever is
   * still open settles at the last price. The balance never goes below zero and the user's, the
   * house's and the fees' sides always sum to the starting balance.
   */
  it('holds for random positions and random price paths', () => {
    const terms = fc.record({
      side: fc.constantFrom<Side>('long', 'short'),
      lots: fc.integer({ min: 1, max: 50 }),
      multiple: fc.constantFrom(5, 10, 20, 50, 100),
      stopProfitPct: fc.option(fc.integer({ min: 1, max: 30 })),
      stopLossPct: fc.option(fc.integer({ min: 1, max: 30 })),
    });
    fc.assert(
      fc.property(
        fc.array(terms, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 200_000_00 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 10, max: 100_000 }),
        (positions, path, startBalance) => {
          const decimals = USDT;
          const entry = dec('60000');
          let available = dec(startBalance);
          let frozen = dec(0);
          let fees = dec(0);
          let house = dec(0);
          const book = new PositionBook();
          const open = new Map<number, { margin: Dec; side: Side; lots: number }>();
          positions.forEach((p, i) => {
            const margin = marginOf(entry, { contractSize: '0.01', lots: p.lots, multiple: p.multiple }, decimals);
            const fee = feeOf(entry, '0.01', p.lots, '0.0005', decimals);
            if (available.lt(margin.plus(fee))) return; // the ledger would refuse it
            available = available.minus(margin).minus(fee);
            frozen = frozen.plus(margin);
            fees = fees.plus(fee);
            const sp = p.stopProfitPct && entry.times(p.side === 'long' ? 100 + p.stopProfitPct : 100 - p.stopProfitPct).div(100);
            const sl = p.stopLossPct && entry.times(p.side === 'long' ? 100 - p.stopLossPct : 100 + p.stopLossPct).div(100);
            book.put(
              livePosition(
                row({
                  id: i + 1,
                  side: p.side,
                  lots: p.lots,
                  multiple: p.multiple,
                  margin: str(margin),
                  stopProfitPrice: sp ? str(sp) : null,
                  stopLossPrice: sl ? str(sl) : null,
                }),
                decimals,
                2,
              ),
            );
            open.set(i + 1, { margin, side: p.side, lots: p.lots });
          });
          const close = (id: number, price: Dec) => {
            const pos = open.get(id)!;
            const pnl = pnlOf(pos.side, entry, price, quantityOf('0.01', pos.lots), decimals);
            const r = settle(pos.margin, pnl, feeOf(price, '0.01', pos.lots, '0.0005', decimals));
            expect(r.payout.gte(0)).toBe(true);
            expect(str(r.payout.plus(r.closeFee).plus(r.house))).toBe(str(pos.margin));
            frozen = frozen.minus(pos.margin);
            available = available.plus(r.payout);
            fees = fees.plus(r.closeFee);
            house = house.plus(r.house);
            open.delete(id);
          };
          let last = entry;
          for (const cents of path) {
            last = new D(cents).div(100);
            for (const { position } of book.remark(1, last)) {
              close(position.id, last);
              book.remove(1, position.id);
            }
            expect(available.gte(0) && frozen.gte(0)).toBe(true);
          }
          for (const id of [...open.keys()]) close(id, last);
          expect(available.gte(0)).toBe(true);
          expect(str(frozen)).toBe('0');
          expect(str(available.plus(fees).plus(house))).toBe(str(startBalance));
        },
      ),
      { numRuns: 300 },
    );
  });
});
