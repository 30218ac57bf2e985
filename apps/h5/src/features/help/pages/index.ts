// The help centre's pages: one chunk for the three routes (centre, article, chat).
export { HelpCenterPage } from './help-center-page';
export { HelpChatPage } from './help-chat-page';
export { HelpDetailPage } from './help-detail-page';
