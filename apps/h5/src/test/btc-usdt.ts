/** BTC/USDT at 60,000 as the market's pair records name it: USDT (id 3) quotes BTC (id 1) to two decimals. */
export const btcUsdt = {
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
