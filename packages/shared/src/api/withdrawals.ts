// The withdrawals routes' request and reply schemas.
export {};
