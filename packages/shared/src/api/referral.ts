// The referral routes' request and reply schemas.
export {};
