/** The deposit pages, one chunk: coin choice and the deposit form. */
export { DepositChargePage } from './deposit-charge-page';
export { DepositPage } from './deposit-page';
