/**
 * The trade feature's pages behind one loader (see the app README: one chunk per feature keeps the
 * first screen's preload table short). The chart page loads klinecharts on its own, lazily.
 */
export { KlinePage } from './kline-page';
export { TradePage } from './trade-page';
