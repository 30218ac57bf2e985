// The chat routes' request and reply schemas.
export {};
