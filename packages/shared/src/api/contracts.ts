// The contracts routes' request and reply schemas.
export {};
