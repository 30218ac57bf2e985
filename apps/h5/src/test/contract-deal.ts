import type { LeverDeal } from '@app/shared';
import { btcUsdt } from './btc-usdt';

/** A contract deal on BTC/USDT at 60,000 with 1,000 USDT available and no positions, for component tests. */
export const contractDeal: LeverDeal = {
  pair: btcUsdt,
  pairs: [btcUsdt],
  multiple: [5, 10, 20],
  lots: [1, 5, 10],
  max_lots: 100,
  lever_share_num: '0.01',
  open_fee_rate: '0.001',
  close_fee_rate: '0.001',
  maintenance_margin_rate: '0.005',
  last_price: '60000',
  price_time: null,
  demo: false,
  balance: { currency_id: 3, currency_name: 'USDT', decimals: 2, available: '1000', frozen: '0' },
  positions: [],
};
