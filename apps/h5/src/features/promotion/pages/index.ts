export { PromotionPage } from './promotion-page';
