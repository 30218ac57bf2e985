// The reference routes' request and reply schemas.
export {};
