export { IndexRecordPage } from './index-record-page';
