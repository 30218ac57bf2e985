import { PATHS } from './paths';

/**
 * Pages whose headline is filled from the market list (`currency/quotation_new`): the price at the top
 * of the trade and chart pages. Read by the app (app/boot-data.ts, market-api.ts) and by the build's boot script
 * (vite.config.boot.ts), which asks for the list while the app's code is still downloading. Home is
 * left out on purpose: its first screen (the welcome card) needs no data, and its board loads with the
 * page; fetched earlier, the list would only compete with the page's own files.
 */
export const QUOTATION_PAGES: readonly string[] = [PATHS.trade, PATHS.kline];

/** The market list's API path (a public GET without a query). */
export const QUOTATION_PATH = 'currency/quotation_new';
