export { NoticeDetailPage } from './notice-detail-page';
export { NoticePage } from './notice-page';
