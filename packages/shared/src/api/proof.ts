// The proof routes' request and reply schemas.
export {};
