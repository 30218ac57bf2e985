import type { LeverDeal } from '@app/shared';

/** BTC/USDT as the contract tab's deal names it. */
export const contractPair = {
  id: 1,
  symbol: 'BTC/USDT',
  legal_id: 3,
  currency_id: 1,
  legal_name: 'USDT',
  currency_name: 'BTC',
  price_decimals: 2,
  tick_size: '0.01',
  now_price: '60000',
};

/** A contract deal on BTC/USDT at 60,000 with 1,000 USDT available and no positions, for component tests. */
export const contractDeal: LeverDeal = {
  pair: contractPair,
  pairs: [contractPair],
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
