// The auth routes' request and reply schemas.
export {};
