/** The identity verification pages, one chunk: status, basic and advanced. */
export { VerificationAdvancedPage } from './verification-advanced-page';
export { VerificationBasicPage } from './verification-basic-page';
export { VerificationPage } from './verification-page';
