/**
 * The assets area's pages other than the tab (one chunk, loaded on the first visit to any of them):
 * trading account, transfer and its records, deposit and withdrawal records.
 */
export { RecordsPage } from './records-page';
export { TradeAccountPage } from './trade-account-page';
export { TransferPage } from './transfer-page';
export { TransferRecordPage } from './transfer-record-page';
