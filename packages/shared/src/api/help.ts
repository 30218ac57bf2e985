// The help routes' request and reply schemas.
export {};
