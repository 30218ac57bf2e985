// The messages routes' request and reply schemas.
export {};
