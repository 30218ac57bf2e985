/** The withdrawal pages, one chunk: coin choice, the withdrawal form and the bank card page. */
export { WithdrawBankPage } from './withdraw-bank-page';
export { WithdrawDetailPage } from './withdraw-detail-page';
export { WithdrawPage } from './withdraw-page';
