export { LeverPage } from './lever-page';
