// The wealth routes' request and reply schemas.
export {};
