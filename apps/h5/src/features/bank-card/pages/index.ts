/** The bank card pages, one chunk: the bound card and the form. */
export { BankAddPage } from './bank-add-page';
export { BankCardPage } from './bank-card-page';
