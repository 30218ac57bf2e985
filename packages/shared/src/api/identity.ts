// The identity routes' request and reply schemas.
export {};
