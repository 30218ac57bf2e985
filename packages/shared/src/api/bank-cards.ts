// The bank-cards routes' request and reply schemas.
export {};
