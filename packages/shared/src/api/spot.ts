// The spot routes' request and reply schemas.
export {};
