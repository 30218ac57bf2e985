// The options routes' request and reply schemas.
export {};
