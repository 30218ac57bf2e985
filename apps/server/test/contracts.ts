import type { contractPositions } from '../src/db/schema.js';

type PositionValues = typeof contractPositions.$inferInsert;

/**
 * A held market long on BTC/USDT (pair 1) as the contract service stores it: 1 lot of 0.01 BTC at
 * 60000, 10×, margin 60, fees 0.05 % each way. `over` changes any field.
 */
export function heldLong(userId: number, over: Partial<PositionValues> = {}) {
  return {
    userId,
    pairId: 1,
    side: 'long',
    entry: 'market',
    status: 'holding',
    lots: 1,
    multiple: 10,
    contractSize: '0.01',
    openFeeRate: '0.0005',
    closeFeeRate: '0.0005',
    maintenanceMarginRate: '0.005',
    openPrice: '60000',
    margin: '60',
    openFee: '0.3',
    ...over,
  } satisfies PositionValues;
}
