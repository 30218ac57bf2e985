import type { ProductSwitches } from '@app/shared';
import { wholeSetting } from '../../../lib/whole-setting';

/** Switching one or more products: the server applies it at once and audits it (products.set). */
const switches = wholeSetting<ProductSwitches, Partial<ProductSwitches>>(['admin', 'products'], '/admin/products');

export const productSwitchesQuery = switches.query;
export const useSetProductSwitches = switches.useSave;
