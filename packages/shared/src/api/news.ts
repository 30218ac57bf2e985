// The news routes' request and reply schemas.
export {};
