export { OptionPage } from './option-page';
