/** The withdrawal address book pages, one chunk: the list and the form. */
export { AddressCreatePage } from './address-create-page';
export { AddressListPage } from './address-list-page';
